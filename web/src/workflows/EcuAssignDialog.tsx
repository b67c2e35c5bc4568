import { useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { SCREEN_CALLS } from '@wdiov/contracts/workflows/screen-calls';
import { entities } from '@wdiov/contracts/entities/registry';
import { dataOf, toPage, type Row } from '../crud/crud-api';
import { useCrudServices } from '../crud/CrudServices';
import { labelText } from '../crud/field-defs';
import { CallDialog } from '../dialogs/CallDialog';
import { useDialogLoad } from '../dialogs/use-dialog-load';
import { entityQueryKey } from '../shared/query-keys';
import { useI18n } from '../i18n/i18n';
import { nameText } from '../i18n/seeded-text';

export const SAVE_ECU = SCREEN_CALLS.vehicleModel!.find((c) => c.button === 'ecus')!;
const MODEL_ECUS = `${entities.vehicleModel.basePath}/modelEcuList`;
/** The ECUs there are to pick from: a model has a handful, a fleet at most a few hundred kinds. */
const ECU_PAGE = { current: 1, size: 500 };

/**
 * The ECUs fitted to a vehicle model: every ECU with a check, the checked ones numbered in the
 * order they were picked (the order UDS fault codes are read in), saved through saveEcu.
 */
export function EcuAssignDialog({ model, onClose }: { model: Row; onClose(): void }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const modelId = String(model.id);
  const [chosen, setChosen] = useState<string[]>();
  const [loaded, retry] = useDialogLoad([...entityQueryKey('ecuManage'), 'ofModel', modelId], async () => {
    const [assigned, all] = await Promise.all([http.get(MODEL_ECUS, { vehicleModelId: modelId }), http.get(`${entities.ecuManage.basePath}/page`, ECU_PAGE)]);
    return { mine: ((dataOf(assigned) ?? []) as Row[]).map((e) => String(e.id)), all: toPage(dataOf(all)).records };
  }, ({ mine }) => setChosen(mine));
  const picked = chosen ?? [];
  const toggle = (id: string, on: boolean) => setChosen(on ? [...picked, id] : picked.filter((x) => x !== id));
  return (
    <CallDialog
      header={t('ecuAssignTitle', { model: nameText(String(model.modelName ?? '')) })}
      loaded={loaded}
      onRetry={retry}
      onSave={() => http.post(SAVE_ECU.path, { vehicleModelId: modelId, ecuIds: picked })}
      onClose={onClose}
      saveLabel={labelText(SAVE_ECU.label)}
    >
      {({ all: ecus }) =>
        ecus.length === 0 ? (
          <p className="wd-dialog-state">{t('ecuAssignNone')}</p>
        ) : (
          <>
            <p className="wd-dialog-state">{t('ecuAssignHint', { count: String(picked.length) })}</p>
            <ul className="wd-pick-list" aria-label={labelText(entities.ecuManage.title)}>
              {ecus.map((ecu) => {
                const id = String(ecu.id);
                const order = picked.indexOf(id);
                return (
                  <li key={id}>
                    <Checkbox inputId={`ecu-${id}`} checked={order >= 0} onChange={(e) => toggle(id, Boolean(e.checked))} />
                    <label htmlFor={`ecu-${id}`}>{String(ecu.ecuName ?? '')} <small>{String(ecu.ecuCode ?? '')}</small></label>
                    {order >= 0 && <span className="wd-pick-order">{order + 1}</span>}
                  </li>
                );
              })}
            </ul>
          </>
        )
      }
    </CallDialog>
  );
}
