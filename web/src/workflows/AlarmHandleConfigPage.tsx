import { Button } from 'primereact/button';
import { SCREEN_CALLS } from '@wdiov/contracts/workflows/screen-calls';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { labelText } from '../crud/field-defs';
import { useI18n } from '../i18n/i18n';
import { confirmCall } from '../pages/system/screen-actions';

const CALLS = Object.fromEntries((SCREEN_CALLS.alarmHandleConfig ?? []).map((c) => [c.button, c]));
const HANDLE = CALLS.handle!;
const UNIFY = CALLS.unify!;

/**
 * Alarm handling config (spec §4): the generic list, each type's switch (handle or not, by
 * alarmType and alarmName), and one call setting every alarm type of the dictionary at once.
 * Each shows where its button is granted.
 */
export function AlarmHandleConfigScreen({ entity, buttons }: ScreenProps) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const unify = (isHandle: 0 | 1, reload: () => void) =>
    confirmCall(notifier, t(isHandle ? 'handleAllOnConfirm' : 'handleAllOffConfirm'), () => http.post(UNIFY.path, { isHandle }), reload);
  return (
    <CrudPage
      entity={entity}
      buttons={buttons}
      rowActions={(row, reload) =>
        buttons.has(HANDLE.button) && (
          <Button link size="small" icon={Number(row.isHandle) === 1 ? 'pi pi-bell-slash' : 'pi pi-bell'} data-action={HANDLE.button}
            label={t(Number(row.isHandle) === 1 ? 'handleOff' : 'handleOn')}
            onClick={() => {
              const isHandle = Number(row.isHandle) === 1 ? 0 : 1;
              const params = { alarmType: String(row.alarmType), alarmName: String(row.alarmName ?? ''), isHandle: String(isHandle) };
              http.post(HANDLE.path, undefined, { params }).then(() => {
                notifier.success(t('crudOperationDone'));
                reload();
              }, () => undefined);
            }} />
        )
      }
      toolbar={({ reload }) =>
        buttons.has(UNIFY.button) && (
          <>
            <Button size="small" severity="secondary" outlined icon="pi pi-bell" label={t('handleAllOn')} aria-label={`${labelText(UNIFY.label)}: ${t('handleAllOn')}`}
              data-action="unify-on" onClick={() => unify(1, reload)} />
            <Button size="small" severity="secondary" outlined icon="pi pi-bell-slash" label={t('handleAllOff')} aria-label={`${labelText(UNIFY.label)}: ${t('handleAllOff')}`}
              data-action="unify-off" onClick={() => unify(0, reload)} />
          </>
        )
      }
    />
  );
}

export default function AlarmHandleConfigPage() {
  return <CrudScreen entityName="alarmHandleConfig" render={(props) => <AlarmHandleConfigScreen {...props} />} />;
}
