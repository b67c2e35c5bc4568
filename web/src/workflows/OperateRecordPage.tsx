import { useState } from 'react';
import { Button } from 'primereact/button';
import type { Row } from '../crud/crud-api';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useI18n } from '../i18n/i18n';
import { OperateDetailDialog } from './OperateDetailDialog';

/** The operate stream (operateRecord): the generic list, and per row its vehicle's operate detail with the edits granted. */
export function OperateRecordScreen({ entity, buttons }: ScreenProps) {
  const { t } = useI18n();
  const [vehicle, setVehicle] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        entity={entity}
        buttons={buttons}
        actionsWidth={300}
        rowActions={(row) =>
          buttons.view && (
            <Button link size="small" icon="pi pi-sitemap" label={t('operateDetail')} data-action="operateDetail" onClick={() => setVehicle(row)} />
          )
        }
      />
      {vehicle && (
        <OperateDetailDialog vehicleId={String(vehicle.vehicleId)} vin={String(vehicle.vehicleName ?? vehicle.vehicleId)} buttons={buttons} onClose={() => setVehicle(null)} />
      )}
    </>
  );
}

export default function OperateRecordPage() {
  return <CrudScreen entityName="operateRecord" render={(props) => <OperateRecordScreen {...props} />} />;
}
