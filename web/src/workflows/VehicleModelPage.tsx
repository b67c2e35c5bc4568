import { useState } from 'react';
import { Button } from 'primereact/button';
import type { Row } from '../crud/crud-api';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { labelText } from '../crud/field-defs';
import { EcuAssignDialog, SAVE_ECU } from './EcuAssignDialog';

/** Vehicle models: the generic list and, where granted, the ECUs fitted to each model. */
export function VehicleModelScreen({ entity, buttons }: ScreenProps) {
  const [assigning, setAssigning] = useState<Row>();
  return (
    <>
      <CrudPage
        entity={entity}
        buttons={buttons}
        rowActions={(row) =>
          buttons.has(SAVE_ECU.button) && (
            <Button link size="small" icon="pi pi-microchip" label={labelText(SAVE_ECU.label)} data-action={SAVE_ECU.button} onClick={() => setAssigning(row)} />
          )
        }
      />
      {assigning && <EcuAssignDialog model={assigning} onClose={() => setAssigning(undefined)} />}
    </>
  );
}

export default function VehicleModelPage() {
  return <CrudScreen entityName="vehicleModel" render={(props) => <VehicleModelScreen {...props} />} />;
}
