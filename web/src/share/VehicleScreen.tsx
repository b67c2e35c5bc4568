import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useAppActors } from '../app/AppActorsProvider';
import type { Row } from '../crud/crud-api';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useI18n } from '../i18n/i18n';
import { rolesOf } from '../session/session-user';
import { VehicleShareDialog } from './VehicleShareDialog';

/** Vehicles: the generic list and, for administrators (who make share links), each vehicle's position share links. */
export function VehicleListScreen({ entity, buttons, canShare }: ScreenProps & { canShare: boolean }) {
  const { t } = useI18n();
  const [sharing, setSharing] = useState<Row>();
  return (
    <>
      <CrudPage
        entity={entity}
        buttons={buttons}
        rowActions={(row) => canShare && (
          <Button link size="small" icon="pi pi-share-alt" label={t('vehicleShare')} data-action="share" onClick={() => setSharing(row)} />
        )}
      />
      {sharing && (
        <VehicleShareDialog vehicleId={String(sharing.id)} name={String(sharing.plateNumber || sharing.vin)} onClose={() => setSharing(undefined)} />
      )}
    </>
  );
}

export default function VehicleScreen() {
  const { session } = useAppActors();
  const canShare = useSelector(session, (s) => rolesOf(s.context.user).includes('administrator'));
  return <CrudScreen entityName="vehicle" render={(props) => <VehicleListScreen {...props} canShare={canShare} />} />;
}
