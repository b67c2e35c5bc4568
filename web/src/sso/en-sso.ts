import type { zhSso } from './zh-sso';

/** English messages of the single sign-on provider screen; the type forces the same key set as zhSso. */
export const enSso: Record<keyof typeof zhSso, string> = {
  ssoTitle: 'Single sign-on',
  ssoIntro: 'This tenant\'s OpenID Connect identity providers: each enabled one is a button on the sign-in page.',
  ssoEmpty: 'No identity provider is configured yet',
  ssoName: 'Name',
  ssoIssuer: 'Issuer',
  ssoClientId: 'Client id',
  ssoClientSecret: 'Client secret',
  ssoSecretKept: 'Leave empty to keep the stored secret',
  ssoRedirectUri: 'Redirect URI',
  ssoScopes: 'Scopes',
  ssoStatus: 'Status',
  ssoEnabled: 'Enabled',
  ssoDisabled: 'Disabled',
  ssoUpdated: 'Updated',
  ssoAddTitle: 'Add an identity provider',
  ssoEditTitle: 'Edit identity provider: {name}',
  ssoIssuerFixed: 'The issuer identifies the provider: to change it, add a new provider',
  ssoSaved: 'The identity provider is saved',
  ssoRemoveConfirm: 'Remove the identity provider "{name}"? Its users will no longer sign in through it.',
  ssoRemoved: 'The identity provider "{name}" is removed',
  ssoActions: 'Actions',
};
