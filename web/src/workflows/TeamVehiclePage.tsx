import { useState } from 'react';
import { Button } from 'primereact/button';
import { SCREEN_CALLS } from '@wdiov/contracts/workflows/screen-calls';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { labelText } from '../crud/field-defs';
import { useI18n } from '../i18n/i18n';
import { confirmCall, withSelection } from '../pages/system/screen-actions';
import { REPORT, TeamVehicleReport } from './TeamVehicleReport';

const APP_BIND = SCREEN_CALLS.teamVehicle!.find((c) => c.button === 'appbind')!;

/**
 * Fleet vehicles (wdiov-vehteam/vehicle): the generic list, binding the chosen ones to the user's
 * app, and each vehicle's report and route timeline, where granted.
 */
export function TeamVehicleScreen({ entity, buttons }: ScreenProps) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const [reportOf, setReportOf] = useState<string>();
  return (
    <>
    <CrudPage
      entity={entity}
      buttons={buttons}
      rowActions={(row) =>
        buttons.has(REPORT.button) && (
          <Button link size="small" icon="pi pi-chart-line" label={labelText(REPORT.label)} data-action={REPORT.button}
            onClick={() => setReportOf(String(row.vehicleName ?? ''))} disabled={!row.vehicleName} />
        )
      }
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
    {reportOf && <TeamVehicleReport vin={reportOf} buttons={buttons} onClose={() => setReportOf(undefined)} />}
    </>
  );
}

export default function TeamVehiclePage() {
  return <CrudScreen entityName="teamVehicle" render={(props) => <TeamVehicleScreen {...props} />} />;
}
