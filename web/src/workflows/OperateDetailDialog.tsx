import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { entities } from '@wdiov/contracts/entities/registry';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { SCREEN_CALLS } from '@wdiov/contracts/workflows/screen-calls';
import { workflowOf } from '@wdiov/contracts/workflows/index';
import type { ButtonSet } from '../crud/buttons';
import { cellText } from '../crud/cell-format';
import { dataOf, type Row } from '../crud/crud-api';
import { CrudFormDialog } from '../crud/CrudFormDialog';
import { useCrudServices } from '../crud/CrudServices';
import { useDictionaries } from '../crud/dictionaries';
import { labelText, listFields } from '../crud/field-defs';
import { useI18n } from '../i18n/i18n';
import { isEditable } from './workflow-api';
import './workflows.css';

interface OperateDetail {
  base: Row | null;
  storage: Row[];
  movement: Row[];
  logistics: Row[];
}

const OPERATE_DETAIL = '/api/wdiov-pm/operateRecord/operateDetail/list';
/** The operate detail's edit calls by button: stock row, transfers, movements. */
const EDITS = Object.fromEntries((SCREEN_CALLS.operateRecord ?? []).map((c) => [c.button, c]));

/** One part of the detail: its rows in a compact table, each editable through the part's call where granted. */
function DetailPart({ entity, rows, edit, onEdit }: { entity: AnyEntity; rows: Row[]; edit?: string; onEdit(row: Row): void }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const dicts = useDictionaries(http, entity);
  const columns = listFields(entity).filter(([name]) => name !== 'vehicleId');
  const title = labelText(entity.title);
  return (
    <section className="wd-operate-part" aria-label={title}>
      <h4>
        {title} <span className="wd-operate-count">{rows.length}</span>
      </h4>
      {rows.length === 0 ? (
        <p className="wd-workflow-trail-empty">{t('operateDetailNone')}</p>
      ) : (
        <div className="wd-operate-scroll">
        <table className="wd-operate-table">
          <thead>
            <tr>
              {columns.map(([name, def]) => <th key={name}>{labelText(def.label)}</th>)}
              {edit && <th aria-label={t('crudActions')} />}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.id)}>
                {columns.map(([name, def]) => <td key={name}>{cellText(name, def, row, dicts) || '—'}</td>)}
                {edit && (
                  <td className="wd-operate-action">
                    {isEditable(workflowOf(entity), row) && <Button link size="small" icon="pi pi-pencil" label={t('crudEdit')} aria-label={labelText(EDITS[edit]!.label)} data-action={edit} onClick={() => onEdit(row)} />}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </section>
  );
}

type Editing = { entity: AnyEntity; record: Row; path: string } | null;

/**
 * A vehicle's stock at a glance (operateDetail/list): its stock row, storage, movement and
 * transfer records; the stock row, movements and transfers editable through the operate
 * detail's calls for the buttons granted.
 */
export function OperateDetailDialog({ vehicleId, vin, buttons, onClose }: { vehicleId: string; vin: string; buttons: ButtonSet; onClose(): void }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const [detail, setDetail] = useState<OperateDetail | null>();
  const [editing, setEditing] = useState<Editing>(null);
  const baseDicts = useDictionaries(http, entities.vehiclePm);
  const load = useCallback(() => {
    http.get(OPERATE_DETAIL, { vehicleId }).then((body) => setDetail(dataOf(body) as OperateDetail), () => setDetail(null));
  }, [http, vehicleId]);
  useEffect(load, [load]);
  const granted = (button: string) => (buttons.has(button) ? button : undefined);
  const open = (entity: AnyEntity, button: string) => (row: Row) => setEditing({ entity, record: row, path: EDITS[button]!.path });
  const base = detail?.base;
  return (
    <Dialog header={t('operateDetailTitle', { vin })} visible onHide={onClose} modal style={{ width: 'min(1100px, 96vw)' }}>
      {detail === undefined && <p className="wd-workflow-trail-empty">{t('commonLoading')}</p>}
      {detail === null && <p className="wd-workflow-trail-empty">{t('recordDetailMissing')}</p>}
      {detail && (
        <div className="wd-operate-detail">
          <section className="wd-operate-part" aria-label={labelText(entities.vehiclePm.title)}>
            <h4>
              {labelText(entities.vehiclePm.title)}
              {base && granted('base') && (
                <Button link size="small" icon="pi pi-pencil" label={labelText(EDITS.base!.label)} data-action="base" onClick={() => open(entities.vehiclePm, 'base')(base)} />
              )}
            </h4>
            {base ? (
              <dl className="wd-operate-base">
                {listFields(entities.vehiclePm).filter(([name]) => name !== 'vehicleId').map(([name, def]) => (
                  <div key={name}>
                    <dt>{labelText(def.label)}</dt>
                    <dd>{cellText(name, def, base, baseDicts) || '—'}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="wd-workflow-trail-empty">{t('operateDetailUnstocked')}</p>
            )}
          </section>
          <DetailPart entity={entities.logisticsRecord} rows={detail.logistics} edit={granted('logistics')} onEdit={open(entities.logisticsRecord, 'logistics')} />
          <DetailPart entity={entities.movementRecord} rows={detail.movement} edit={granted('movement')} onEdit={open(entities.movementRecord, 'movement')} />
          <DetailPart entity={entities.storageRecord} rows={detail.storage} onEdit={() => {}} />
        </div>
      )}
      {editing && (
        <EditPart
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Dialog>
  );
}

function EditPart({ editing, onClose, onSaved }: { editing: NonNullable<Editing>; onClose(): void; onSaved(): void }) {
  const { http } = useCrudServices();
  const dicts = useDictionaries(http, editing.entity);
  return <CrudFormDialog entity={editing.entity} mode="edit" record={editing.record} dicts={dicts} submitPath={editing.path} onClose={onClose} onSaved={onSaved} />;
}
