import {
  ssoProviderListRoute, ssoProviderRemoveRoute, ssoProviderSubmitRoute, type SsoProviderInput, type SsoProviderRow,
} from '@wdiov/contracts/api/sso.route';
import { callRoute } from '../api/call-route';
import type { HttpClient } from '../api/http';
import { entityQueryKey } from '../shared/query-keys';

export type { SsoProviderInput, SsoProviderRow };

/** Every query of the providers: a save or a removal refreshes them all. */
export const ssoProvidersKey = [...entityQueryKey('ssoProvider'), 'list'] as const;

export const fetchSsoProviders = (http: HttpClient) => callRoute(http, ssoProviderListRoute, {});
export const saveSsoProvider = (http: HttpClient, body: SsoProviderInput) => callRoute(http, ssoProviderSubmitRoute, { body });
export const removeSsoProviders = (http: HttpClient, ids: string[]) => callRoute(http, ssoProviderRemoveRoute, { query: { ids: ids.join(',') } });
