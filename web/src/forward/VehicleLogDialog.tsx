import { useCallback } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import type { Row } from '../crud/crud-api';
import { useI18n } from '../i18n/i18n';
import type { ForwardApi } from './forward-api';
import { linkSeverity, linkStateKey } from './link-states';
import { useLoad } from './use-load';

/** One vehicle's forwarding (forwardLog/getVehicle): every platform it is bound to, blacklisted or not, with what went there. */
export function VehicleLogDialog({ api, vin, onClose }: { api: ForwardApi; vin: string; onClose: () => void }) {
  const { t } = useI18n();
  const log = useLoad(['forwardRecord', 'vehicleLog', vin], useCallback(() => api.vehicleLog(vin), [api, vin]));
  const state = (row: Row) => {
    const s = Number(row.linkState ?? 0);
    return <Tag value={t(linkStateKey(s))} severity={linkSeverity(s)} />;
  };
  const binding = (row: Row) => (row.blacklisted ? <Tag value={t('fwdBlacklisted')} severity="danger" /> : row.bound ? t('fwdBound') : t('fwdNotBound'));
  return (
    <Dialog header={t('fwdVehicleLogTitle', { vin })} visible onHide={onClose} style={{ width: 'min(960px, 96vw)' }}>
      {log.error && <p role="alert" className="wd-fwd-links-error">{t('fwdLoadFailed', { msg: log.error })}</p>}
      <DataTable value={log.data?.platforms ?? []} loading={log.loading} dataKey="forwardPlatformId" size="small" emptyMessage={t('fwdVehicleLogEmpty')}>
        <Column field="platformName" header={t('fwdPlatform')} />
        <Column header={t('fwdLink')} body={state} />
        <Column header={t('fwdBinding')} body={binding} />
        <Column field="framesSent" header={t('fwdSent')} />
        <Column field="framesAcked" header={t('fwdAcked')} />
        <Column field="reissueSent" header={t('fwdReissued')} />
        <Column field="lastSendTime" header={t('fwdLastSendTime')} />
        <Column field="lastError" header={t('fwdLastError')} />
      </DataTable>
    </Dialog>
  );
}
