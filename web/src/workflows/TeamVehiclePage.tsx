import { Button } from 'primereact/button';
import { SCREEN_CALLS } from '@wdiov/contracts/workflows/screen-calls';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { labelText } from '../crud/field-defs';
import { useI18n } from '../i18n/i18n';
import { confirmCall, withSelection } from '../pages/system/screen-actions';

const APP_BIND = SCREEN_CALLS.teamVehicle![0]!;

/** Fleet vehicles (wdiov-vehteam/vehicle): the generic list, and binding the chosen ones to the user's app where granted. */
export function TeamVehicleScreen({ entity, buttons }: ScreenProps) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  return (
    <CrudPage
      entity={entity}
      buttons={buttons}
      toolbar={({ selection, reload }) =>
        buttons.has(APP_BIND.button) && (
          <Button
            size="small"
            severity="secondary"
            outlined
            icon="pi pi-mobile"
            label={labelText(APP_BIND.label)}
            data-action={APP_BIND.button}
            onClick={() =>
              withSelection(notifier, selection, (ids) =>
                confirmCall(notifier, t('appBindConfirm', { count: String(ids.length) }), () => http.post(APP_BIND.path, undefined, { params: { ids: ids.join(',') } }), reload),
              )
            }
          />
        )
      }
    />
  );
}

export default function TeamVehiclePage() {
  return <CrudScreen entityName="teamVehicle" render={(props) => <TeamVehicleScreen {...props} />} />;
}
