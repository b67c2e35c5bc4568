import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import type { HttpClient } from '../api/http';
import type { Notifier } from '../api/notifier';
import { useAppActors } from '../app/AppActorsProvider';
import type { ButtonSet } from '../crud/buttons';
import { useRouteButtons } from '../crud/use-route-buttons';
import { useI18n } from '../i18n/i18n';
import { LoadState } from '../shared/LoadState';
import { SsoProviderDialog } from './SsoProviderDialog';
import { fetchSsoProviders, removeSsoProviders, ssoProvidersKey, type SsoProviderRow } from './sso-api';
import './sso.css';

/** The tenant's OpenID Connect providers: list, add, edit, enable or disable, remove (after a confirmation naming it). */
export function SsoProviderView({ http, notifier, buttons }: { http: HttpClient; notifier: Notifier; buttons: ButtonSet }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [editing, setEditing] = useState<SsoProviderRow | 'new'>();
  const query = useQuery({ queryKey: ssoProvidersKey, queryFn: () => fetchSsoProviders(http), retry: false });
  const remove = useMutation({
    mutationFn: (row: SsoProviderRow) => removeSsoProviders(http, [row.id]),
    onSuccess: async (_, row) => {
      await client.invalidateQueries({ queryKey: ssoProvidersKey });
      notifier.success(t('ssoRemoved', { name: row.name }));
    },
  });
  const askRemove = (row: SsoProviderRow) => confirmDialog({
    header: t('commonTip'), message: t('ssoRemoveConfirm', { name: row.name }), icon: 'pi pi-exclamation-triangle',
    acceptLabel: t('commonConfirm'), rejectLabel: t('commonCancel'), acceptClassName: 'p-button-danger', accept: () => remove.mutate(row),
  });
  const rows = query.data ?? [];
  const columns = ['ssoName', 'ssoIssuer', 'ssoClientId', 'ssoRedirectUri', 'ssoStatus', 'ssoUpdated'] as const;

  return (
    <section className="wd-sso-page" aria-labelledby="sso-title">
      <header className="wd-sso-head">
        <div>
          <h2 id="sso-title">{t('ssoTitle')}</h2>
          <p>{t('ssoIntro')}</p>
        </div>
        {buttons.add && <Button size="small" icon="pi pi-plus" label={t('ssoAddTitle')} onClick={() => setEditing('new')} data-action="add" />}
      </header>
      <LoadState loading={query.isPending} error={query.isError ? query.error : null} retry={() => void query.refetch()}>
        {rows.length === 0 ? <p className="wd-sso-empty" role="status">{t('ssoEmpty')}</p> : (
          <table className="wd-sso-table" aria-label={t('ssoTitle')}>
            <thead><tr>{columns.map((k) => <th key={k} scope="col">{t(k)}</th>)}<th scope="col">{t('ssoActions')}</th></tr></thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.name}</td>
                  <td>{row.issuer}</td>
                  <td>{row.clientId}</td>
                  <td>{row.redirectUri}</td>
                  <td>{row.status === 1 ? t('ssoEnabled') : t('ssoDisabled')}</td>
                  <td>{row.updateTime}</td>
                  <td className="wd-sso-actions">
                    {buttons.edit && <Button size="small" text icon="pi pi-pencil" label={t('crudEdit')} onClick={() => setEditing(row)} data-action="edit" />}
                    {buttons.delete && <Button size="small" text severity="danger" icon="pi pi-trash" label={t('crudDelete')}
                      loading={remove.isPending && remove.variables?.id === row.id} onClick={() => askRemove(row)} data-action="delete" />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
      {editing && <SsoProviderDialog http={http} notifier={notifier} row={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}

export default function SsoProviderPage() {
  const { http, notifier } = useAppActors();
  return <SsoProviderView http={http} notifier={notifier} buttons={useRouteButtons('sso')} />;
}
