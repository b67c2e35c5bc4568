import { useCallback, useEffect, useState } from 'react';
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The vehicles forwarded to one platform: the bound ones start chosen; search by VIN or plate,
 * tick or untick, save (the platform gets exactly the chosen vehicles; new ones from the start
 * date). Taking vehicles off asks first.
 */
export function BindVehiclesDialog({ api, platform, onClose }: { api: ForwardApi; platform: Row; onClose: () => void }) {
  const { t } = useI18n();
  const { notifier } = useCrudServices();
  const platformId = String(platform.id);
  const bound = useLoad(['forwardPlatformVehicle', 'platform', platformId], useCallback(() => api.boundVehicles(platformId), [api, platformId]));
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const found = useLoad(['vehicle', 'forwardSearch', query], useCallback(() => api.searchVehicles(query), [api, query]));
  const [chosen, setChosen] = useState<Map<string, Row> | null>(null);
  const [startDate, setStartDate] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (bound.data && !chosen) setChosen(new Map(bound.data.map((v) => [String(v.vehicleId ?? v.id), v])));
  }, [bound.data, chosen]);

  const rows = found.data ?? [];
  const picked = chosen ?? new Map<string, Row>();
  const selection = rows.filter((r) => picked.has(String(r.id)));
  const onSelection = (next: Row[]) => {
    const map = new Map(picked);
    for (const r of rows) map.delete(String(r.id));
    for (const r of next) map.set(String(r.id), r);
    setChosen(map);
  };

  const save = async () => {
    setSaving(true);
    try {
      await api.bind(platformId, [...picked.keys()], startDate);
      notifier.success(t('crudOperationDone'));
      onClose();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };
  const removed = (bound.data ?? []).filter((v) => !picked.has(String(v.vehicleId ?? v.id))).length;
  const submit = () => {
    if (removed === 0) return void save();
    confirmDialog({
      header: t('commonTip'), message: t('fwdUnbindConfirm', { count: removed }), icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('commonConfirm'), rejectLabel: t('commonCancel'), accept: () => void save(),
    });
  };
  const dateInvalid = startDate !== '' && !DATE.test(startDate);
  const footer = (
    <div className="wd-fwd-dialog-footer">
      <span className="wd-fwd-chosen">{t('fwdChosen', { count: picked.size })}</span>
      <label htmlFor="fwd-start-date">{t('fwdStartDate')}</label>
      <InputText id="fwd-start-date" value={startDate} placeholder="yyyy-MM-dd" invalid={dateInvalid} onChange={(e) => setStartDate(e.target.value)} />
      <Button size="small" label={t('commonCancel')} severity="secondary" outlined onClick={onClose} />
      <Button size="small" label={t('commonSave')} icon="pi pi-check" loading={saving} disabled={!chosen || dateInvalid} onClick={submit} />
    </div>
  );
  const error = bound.error ?? found.error;
  return (
    <Dialog header={t('fwdBindTitle', { name: String(platform.platformName) })} visible onHide={onClose} style={{ width: 'min(760px, 96vw)' }} footer={footer}>
      <form className="wd-fwd-search" onSubmit={(e) => (e.preventDefault(), setQuery(keyword))}>
        <InputText aria-label={t('fwdSearchVehicle')} placeholder={t('fwdSearchVehicle')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Button size="small" type="submit" icon="pi pi-search" label={t('fwdSearch')} />
      </form>
      {error && <p role="alert" className="wd-fwd-links-error">{t('fwdLoadFailed', { msg: error })}</p>}
      <DataTable
        value={rows} dataKey="id" size="small" scrollable scrollHeight="360px" loading={found.loading || bound.loading}
        selectionMode="checkbox" selection={selection} onSelectionChange={(e) => onSelection(e.value as Row[])}
        emptyMessage={t('fwdNoVehicles')}
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
        <Column field="vin" header={t('fwdVin')} />
        <Column field="plateNumber" header={t('fwdPlate')} />
      </DataTable>
    </Dialog>
  );
}
