import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import type { Row } from '../crud/crud-api';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { useI18n } from '../i18n/i18n';
import { confirmCall } from '../pages/system/screen-actions';
import { BindVehiclesDialog } from './BindVehiclesDialog';
import { BlacklistDialog } from './BlacklistDialog';
import { forwardApi } from './forward-api';
import { ForwardLinkPanel } from './ForwardLinkPanel';
import './forward.css';

/** The list's columns: the link's error and counts are in the link panel above it. */
const COLUMNS = ['platformName', 'platformType', 'host', 'port', 'protocol', 'forwardStatus', 'linkState', 'linkBacklog', 'linkTime'] as const;

type Open = { kind: 'bind' | 'blacklist'; platform: Row } | null;

/**
 * Forwarding platforms: the generic list and form, the live link of each platform above it,
 * and per row the status switch (stopping asks first), the bound vehicles and the blacklist.
 */
export function ForwardPlatformScreen({ entity, buttons }: ScreenProps) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const api = useMemo(() => forwardApi(http), [http]);
  const [open, setOpen] = useState<Open>(null);

  const rowActions = (row: Row, reload: () => void) => {
    const on = Number(row.forwardStatus) === 1;
    const id = String(row.id);
    return (
      <>
        {buttons.has('status') && (on ? (
          <Button size="small" text severity="danger" icon="pi pi-stop-circle" label={t('fwdStop')}
            onClick={() => confirmCall(notifier, t('fwdStopConfirm', { name: String(row.platformName) }), () => api.setStatus(id, 0), reload)} />
        ) : (
          <Button size="small" text icon="pi pi-play" label={t('fwdStart')}
            onClick={() => void api.setStatus(id, 1).then(() => (notifier.success(t('crudOperationDone')), reload()), () => {})} />
        ))}
        {buttons.has('bind') && <Button size="small" text icon="pi pi-car" label={t('fwdBind')} onClick={() => setOpen({ kind: 'bind', platform: row })} />}
        {buttons.has('blacklist') && <Button size="small" text icon="pi pi-ban" label={t('fwdBlacklist')} onClick={() => setOpen({ kind: 'blacklist', platform: row })} />}
      </>
    );
  };

  return (
    <>
      <CrudPage entity={entity} buttons={buttons} columns={COLUMNS} rowActions={rowActions} actionsWidth={360} heading={<ForwardLinkPanel api={api} />} />
      {open?.kind === 'bind' && <BindVehiclesDialog api={api} platform={open.platform} onClose={() => setOpen(null)} />}
      {open?.kind === 'blacklist' && <BlacklistDialog api={api} platform={open.platform} onClose={() => setOpen(null)} />}
    </>
  );
}

export default function ForwardPlatformPage() {
  return <CrudScreen entityName="forwardPlatform" render={(props) => <ForwardPlatformScreen {...props} />} />;
}
