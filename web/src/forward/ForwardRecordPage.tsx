import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import type { Row } from '../crud/crud-api';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { useI18n } from '../i18n/i18n';
import { forwardApi } from './forward-api';
import { ForwardRecordSummary } from './ForwardRecordSummary';
import { VehicleLogDialog } from './VehicleLogDialog';
import './forward.css';

const COLUMNS = [
  'forwardPlatformId', 'vin', 'framesSent', 'framesAcked', 'reissueSent', 'backlogSeconds', 'lastFrameTime', 'lastSendTime', 'lastError',
] as const;

/**
 * Forwarding records: per platform the summed figures and its link, and below, per platform and
 * vehicle, frames sent, acknowledged, realtime and reissue, the backlog and the last error, with
 * the entity's filters (platform, vehicle, VIN, backlog, last send). The gateway writes these
 * rows; nobody adds, edits or deletes them here. A row opens the vehicle's forwarding log.
 */
export function ForwardRecordScreen({ entity, buttons }: ScreenProps) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const api = useMemo(() => forwardApi(http), [http]);
  const [picked, setPicked] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const readOnly = useMemo(() => ({ ...buttons, add: false, edit: false, delete: false }), [buttons]);
  const params = useMemo(() => (picked ? { forwardPlatformId_equal: picked } : undefined), [picked]);

  const rowActions = (row: Row) => buttons.has('log') && (
    <Button size="small" text icon="pi pi-list" label={t('fwdVehicleLog')} onClick={() => setLogOf(String(row.vin))} />
  );

  return (
    <>
      <CrudPage entity={entity} buttons={readOnly} columns={COLUMNS} params={params} rowActions={rowActions} actionsWidth={140}
        heading={<ForwardRecordSummary api={api} picked={picked} onPick={setPicked} />} />
      {logOf && <VehicleLogDialog api={api} vin={logOf} onClose={() => setLogOf(null)} />}
    </>
  );
}

export default function ForwardRecordPage() {
  return <CrudScreen entityName="forwardRecord" render={(props) => <ForwardRecordScreen {...props} />} />;
}
