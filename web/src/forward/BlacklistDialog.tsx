import { useCallback, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { Row } from '../crud/crud-api';
import { useCrudServices } from '../crud/CrudServices';
import { useI18n } from '../i18n/i18n';
import type { ForwardApi } from './forward-api';
import { useLoad } from './use-load';

/**
 * The vehicles never forwarded to a platform (its own blacklist and the one of all platforms):
 * add one by VIN or plate with a reason; taking one off asks first.
 */
export function BlacklistDialog({ api, platform, onClose }: { api: ForwardApi; platform: Row; onClose: () => void }) {
  const { t } = useI18n();
  const { notifier } = useCrudServices();
  const platformId = String(platform.id);
  const list = useLoad(['forwardBlacklist', 'platform', platformId], useCallback(() => api.blacklisted(platformId), [api, platformId]));
  const [keyword, setKeyword] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    try {
      const [vehicle] = await api.searchVehicles(keyword);
      if (!vehicle || !keyword.trim()) notifier.warning(t('fwdNoVehicles'));
      else {
        await api.blacklist(platformId, [String(vehicle.id)], reason);
        notifier.success(t('crudOperationDone'));
        setKeyword('');
        setReason('');
        list.reload();
      }
    } catch {
      /* shown by the HTTP client */
    } finally {
      setBusy(false);
    }
  };
  const remove = (row: Row) => confirmDialog({
    header: t('commonTip'), message: t('fwdBlacklistRemoveConfirm', { vin: String(row.vin) }), icon: 'pi pi-exclamation-triangle',
    acceptLabel: t('commonConfirm'), rejectLabel: t('commonCancel'),
    accept: async () => {
      try {
        await api.unblacklist(String(row.blacklistId));
        notifier.success(t('crudOperationDone'));
        list.reload();
      } catch {
        /* shown by the HTTP client */
      }
    },
  });

  return (
    <Dialog header={t('fwdBlacklistTitle', { name: String(platform.platformName) })} visible onHide={onClose} style={{ width: 'min(720px, 96vw)' }}>
      <form className="wd-fwd-search" onSubmit={(e) => (e.preventDefault(), void add())}>
        <InputText aria-label={t('fwdSearchVehicle')} placeholder={t('fwdSearchVehicle')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <InputText aria-label={t('fwdBlacklistReason')} placeholder={t('fwdBlacklistReason')} value={reason} maxLength={255} onChange={(e) => setReason(e.target.value)} />
        <Button size="small" type="submit" icon="pi pi-ban" label={t('fwdBlacklistAdd')} loading={busy} disabled={!keyword.trim()} />
      </form>
      {list.error && (
        <p role="alert" className="wd-fwd-links-error">
          {t('fwdLoadFailed', { msg: list.error })} <Button size="small" text label={t('fwdRetry')} onClick={list.reload} />
        </p>
      )}
      <DataTable value={list.data ?? []} dataKey="blacklistId" size="small" loading={list.loading} emptyMessage={t('fwdBlacklistEmpty')}>
        <Column field="vin" header={t('fwdVin')} />
        <Column field="plateNumber" header={t('fwdPlate')} />
        <Column header={t('fwdScope')} body={(r: Row) => (r.forwardPlatformId ? String(platform.platformName) : t('fwdBlacklistAll'))} />
        <Column field="reason" header={t('fwdBlacklistReason')} />
        <Column body={(r: Row) => <Button size="small" text severity="danger" label={t('fwdBlacklistRemove')} onClick={() => remove(r)} />} />
      </DataTable>
    </Dialog>
  );
}
