import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ssoAuthorizeRoute, ssoProvidersRoute } from '@wdiov/contracts/api/sso.route';
import { callRoute } from '../../api/call-route';
import { useAppActors } from '../../app/AppActorsProvider';
import { useI18n } from '../../i18n/i18n';

/** The tenant a provider sign-in started for, read when the provider redirects back to this page. */
export const SSO_TENANT_KEY = 'wdiov-sso-tenant';

/**
 * One "sign in with <provider>" button per identity provider of the tenant. A click asks the
 * gateway for the provider's authorization URL (its state, nonce and PKCE verifier stay there)
 * and goes to it. `tenantId` undefined: not known yet, nothing is asked.
 */
export function SsoButtons({ tenantId, go = (url) => window.location.assign(url) }: { tenantId: string | undefined; go?: (url: string) => void }) {
  const { http } = useAppActors();
  const { t } = useI18n();
  const providers = useQuery({
    queryKey: ['sso', 'providers', tenantId],
    queryFn: () => callRoute(http, ssoProvidersRoute, { query: { tenantId: tenantId! } }, { quiet: true, withToken: false }),
    enabled: tenantId !== undefined,
    retry: 0,
  });
  const start = useMutation({
    mutationFn: (providerId: string) => callRoute(http, ssoAuthorizeRoute, { query: { tenantId: tenantId!, providerId } }, { quiet: true, withToken: false }),
    onSuccess: ({ url }) => {
      window.sessionStorage.setItem(SSO_TENANT_KEY, tenantId!);
      go(url);
    },
  });
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="wd-login-sso">
      {start.isError && <Message severity="error" text={start.error instanceof Error ? start.error.message : t('commonUnknownError')} />}
      {list.map((p) => (
        <Button
          key={p.id}
          type="button"
          outlined
          label={t('loginWithProvider', { name: p.name })}
          loading={start.isPending && start.variables === p.id}
          disabled={start.isPending}
          onClick={() => start.mutate(p.id)}
        />
      ))}
    </div>
  );
}
