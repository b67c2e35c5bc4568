import { useState } from 'react';
import { Button } from 'primereact/button';
import type { Row } from '../../crud/crud-api';
import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { withSelection } from './screen-actions';
import { DATASOURCE, PACKAGE, SETTING, TenantDatasourceDialog, TenantPackageDialog, TenantSettingDialog } from './TenantDialogs';

type Open = { kind: 'setting'; rows: Row[] } | { kind: 'datasource' | 'package'; row: Row };

/** Tenants: the generic list, the quota and expiry of the chosen ones, and each one's data source and product package, where granted. */
export function TenantScreen({ entity, buttons }: ScreenProps) {
  const { notifier } = useCrudServices();
  const [open, setOpen] = useState<Open & { reload(): void }>();
  const close = () => setOpen(undefined);
  const rowCall = (call: typeof DATASOURCE, kind: 'datasource' | 'package', row: Row, reload: () => void) =>
    buttons.has(call.button) && (
      <Button key={kind} link size="small" icon={call.icon} label={call.name} data-action={call.button} onClick={() => setOpen({ kind, row, reload })} />
    );
  return (
    <>
      <CrudPage
        entity={entity}
        buttons={buttons}
        toolbar={({ selection, reload }) =>
          buttons.has(SETTING.button) && (
            <Button size="small" severity="secondary" outlined icon={SETTING.icon} label={SETTING.name} data-action={SETTING.button}
              onClick={() => withSelection(notifier, selection, () => setOpen({ kind: 'setting', rows: selection, reload }))} />
          )
        }
        rowActions={(row, reload) => (
          <>
            {rowCall(DATASOURCE, 'datasource', row, reload)}
            {rowCall(PACKAGE, 'package', row, reload)}
          </>
        )}
      />
      {open?.kind === 'setting' && <TenantSettingDialog rows={open.rows} onClose={close} onSaved={open.reload} />}
      {open?.kind === 'datasource' && <TenantDatasourceDialog tenant={open.row} onClose={close} onSaved={open.reload} />}
      {open?.kind === 'package' && <TenantPackageDialog tenant={open.row} onClose={close} onSaved={open.reload} />}
    </>
  );
}

export default function TenantPage() {
  return <CrudScreen entityName="tenant" render={(props) => <TenantScreen {...props} />} />;
}
