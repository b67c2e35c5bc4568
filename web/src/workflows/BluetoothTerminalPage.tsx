import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { SCREEN_CALLS } from '@wdiov/contracts/workflows/screen-calls';
import { dataOf, type Row } from '../crud/crud-api';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { labelText } from '../crud/field-defs';
import { useI18n } from '../i18n/i18n';
import './workflows.css';

const SYNC = SCREEN_CALLS.bluetoothTerminal![0]!;

interface Synced {
  vin: string;
  plateNumber: string | null;
  terminals: { id: string; macAddress: string; deviceName: string | null }[];
}

/** What the app's key sync (schedulingTask/vehicleBluetoothSync) answers for the chosen terminals' vehicles. */
function SyncResult({ result, onClose }: { result: Synced[]; onClose(): void }) {
  const { t } = useI18n();
  return (
    <Dialog header={labelText(SYNC.label)} visible onHide={onClose} modal style={{ width: 'min(760px, 96vw)' }}>
      <table className="wd-operate-table">
        <thead>
          <tr>
            <th>VIN</th>
            <th>{t('consolePlate')}</th>
            <th>{t('bluetoothKeys')}</th>
          </tr>
        </thead>
        <tbody>
          {result.map((r) => (
            <tr key={r.vin}>
              <td>{r.vin}</td>
              <td>{r.plateNumber ?? '—'}</td>
              <td>{r.terminals.length ? r.terminals.map((k) => `${k.macAddress}${k.deviceName ? ` (${k.deviceName})` : ''}`).join(', ') : t('bluetoothNoKeys')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

/** Bluetooth terminals: the generic list, and the key sync of the chosen terminals' vehicles where granted. */
export function BluetoothTerminalScreen({ entity, buttons }: ScreenProps) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const [result, setResult] = useState<Synced[] | null>(null);
  const sync = async (rows: Row[]) => {
    const vins = [...new Set(rows.map((r) => String(r.vehicleName ?? '')).filter(Boolean))];
    if (vins.length === 0) return notifier.warning(t('bluetoothChooseBound'));
    try {
      setResult((dataOf(await http.get(SYNC.path, { vins: vins.join(',') })) ?? []) as Synced[]);
    } catch {
      /* shown by the HTTP client */
    }
  };
  return (
    <>
      <CrudPage
        entity={entity}
        buttons={buttons}
        toolbar={({ selection }) =>
          buttons.has(SYNC.button) && (
            <Button size="small" severity="secondary" outlined icon="pi pi-sync" label={labelText(SYNC.label)} data-action={SYNC.button} onClick={() => void sync(selection)} />
          )
        }
      />
      {result && <SyncResult result={result} onClose={() => setResult(null)} />}
    </>
  );
}

export default function BluetoothTerminalPage() {
  return <CrudScreen entityName="bluetoothTerminal" render={(props) => <BluetoothTerminalScreen {...props} />} />;
}
