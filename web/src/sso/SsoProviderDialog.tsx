import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { HttpClient } from '../api/http';
import type { Notifier } from '../api/notifier';
import { useI18n } from '../i18n/i18n';
import { saveSsoProvider, ssoProvidersKey, type SsoProviderInput, type SsoProviderRow } from './sso-api';

type Draft = Required<Omit<SsoProviderInput, 'status'>> & { status: 0 | 1 };

const draftOf = (row?: SsoProviderRow): Draft => ({
  name: row?.name ?? '', issuer: row?.issuer ?? '', clientId: row?.clientId ?? '', clientSecret: '',
  redirectUri: row?.redirectUri ?? `${window.location.origin}/login`, scopes: row?.scopes ?? 'openid profile email',
  status: row?.status === 0 ? 0 : 1,
});

const FIELDS = [
  ['name', 'ssoName', 64], ['issuer', 'ssoIssuer', 500], ['clientId', 'ssoClientId', 255],
  ['clientSecret', 'ssoClientSecret', 500], ['redirectUri', 'ssoRedirectUri', 500], ['scopes', 'ssoScopes', 255],
] as const;

/**
 * Adds a provider, or edits one (`row`): the secret is never read back, so an edit leaves it
 * empty to keep the stored one; the issuer names the provider and stays as it is.
 */
export function SsoProviderDialog({ http, notifier, row, onClose }: { http: HttpClient; notifier: Notifier; row?: SsoProviderRow; onClose(): void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(row));
  const save = useMutation({
    mutationFn: () => saveSsoProvider(http, { ...draft, clientSecret: draft.clientSecret.trim() || undefined }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ssoProvidersKey });
      notifier.success(t('ssoSaved'));
      onClose();
    },
  });
  const required: readonly (keyof Omit<Draft, 'status'>)[] = ['name', 'issuer', 'clientId', 'redirectUri', 'scopes', ...(row ? [] : ['clientSecret' as const])];
  const complete = required.every((k) => draft[k].trim() !== '');
  return (
    <Dialog header={row ? t('ssoEditTitle', { name: row.name }) : t('ssoAddTitle')} visible modal onHide={onClose} style={{ width: 'min(560px, 96vw)' }}
      footer={<>
        <Button size="small" text label={t('commonCancel')} onClick={onClose} />
        <Button size="small" icon="pi pi-check" label={t('commonSave')} loading={save.isPending} disabled={!complete} onClick={() => save.mutate()} data-action="sso-save" />
      </>}>
      <form className="wd-sso-form" onSubmit={(e) => { e.preventDefault(); if (complete) save.mutate(); }}>
        {FIELDS.map(([key, label, max]) => (
          <label key={key} className="wd-sso-field">
            <span>{t(label)}{required.includes(key) && <b aria-hidden="true"> *</b>}</span>
            <InputText value={draft[key]} maxLength={max} disabled={key === 'issuer' && Boolean(row)} type={key === 'clientSecret' ? 'password' : 'text'}
              autoComplete={key === 'clientSecret' ? 'new-password' : 'off'} placeholder={key === 'clientSecret' && row ? t('ssoSecretKept') : undefined}
              title={key === 'issuer' && row ? t('ssoIssuerFixed') : undefined} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
          </label>
        ))}
        <label className="wd-sso-check">
          <Checkbox inputId="sso-enabled" checked={draft.status === 1} onChange={(e) => setDraft({ ...draft, status: e.checked ? 1 : 0 })} />
          <span>{t('ssoEnabled')}</span>
        </label>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
