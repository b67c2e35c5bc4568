import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { entities } from '@wdiov/contracts/entities/registry';
import { SCREEN_CALLS } from '@wdiov/contracts/workflows/screen-calls';
import { buttonSet } from '../crud/buttons';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { labelText } from '../crud/field-defs';
import { urlSource } from '../crud/list-source';

const ALARMS = SCREEN_CALLS.witCockpitTerminal![0]!;
const READ_ONLY = buttonSet({}, undefined);

/** The alarms of vehicles with a cockpit head unit (cockpitAlarmData/page), listed like the alarm list, read only. */
function CockpitAlarms({ onClose }: { onClose(): void }) {
  const { http } = useCrudServices();
  const source = useMemo(() => urlSource(http, ALARMS.path), [http]);
  return (
    <Dialog header={labelText(ALARMS.label)} visible onHide={onClose} modal style={{ width: 'min(1200px, 96vw)' }}>
      <CrudPage entity={entities.vehicleAlarmData} buttons={READ_ONLY} source={source} />
    </Dialog>
  );
}

/** Cockpit terminals: the generic list, and the cockpit vehicles' alarms where granted. */
export function CockpitTerminalScreen({ entity, buttons }: ScreenProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <CrudPage
        entity={entity}
        buttons={buttons}
        toolbar={() =>
          buttons.has(ALARMS.button) && (
            <Button size="small" severity="secondary" outlined icon="pi pi-bell" label={labelText(ALARMS.label)} data-action={ALARMS.button} onClick={() => setOpen(true)} />
          )
        }
      />
      {open && <CockpitAlarms onClose={() => setOpen(false)} />}
    </>
  );
}

export default function CockpitTerminalPage() {
  return <CrudScreen entityName="witCockpitTerminal" render={(props) => <CockpitTerminalScreen {...props} />} />;
}
