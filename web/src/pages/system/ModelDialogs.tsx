import { useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { entities } from '@wdiov/contracts/entities/registry';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { dataOf, type Row } from '../../crud/crud-api';
import { useCrudServices } from '../../crud/CrudServices';
import { labelText } from '../../crud/field-defs';
import { validateField } from '../../crud/form-model';
import { CallDialog } from '../../dialogs/CallDialog';
import { FormField } from '../../components/FormField';
import { useFieldForm } from '../../dialogs/use-field-form';
import { useDialogLoad } from '../../dialogs/use-dialog-load';
import { entityQueryKey } from '../../shared/query-keys';
import { useI18n } from '../../i18n/i18n';
import { seededRowCalls } from './RowCallScreen';

export const PROTOTYPE = seededRowCalls('model', [{ button: 'prototype', icon: 'pi pi-table' }])[0]!;
const DEVELOP = '/api/wdiov-develop';
const FIELD = entities.modelPrototype.fields as Record<string, FieldDef>;
const TEXT_COLUMNS = ['propertyName', 'propertyType', 'comment'] as const;
const FLAG_COLUMNS = ['isList', 'isForm', 'isRequired', 'isQuery'] as const;

/** The first message of a prototype list: a field's own check, or a property named twice. */
export function prototypeListMessage(rows: Row[], duplicate: (name: string) => string): string | undefined {
  const seen = new Set<string>();
  for (const row of rows) {
    for (const name of ['jdbcName', ...TEXT_COLUMNS]) {
      const message = validateField(FIELD[name]!, row[name], 'add');
      if (message) return `${String(row.jdbcName ?? '')}: ${message}`;
    }
    const property = String(row.propertyName).trim();
    if (seen.has(property)) return duplicate(property);
    seen.add(property);
  }
  return undefined;
}

/**
 * The fields of a model (model-prototype/submit-list): the saved ones, or those proposed from
 * its table's columns; each column's property, type, comment and flags editable, saved as a whole.
 */
export function ModelPrototypeDialog({ model, onClose }: { model: Row; onClose(): void }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const modelId = String(model.id);
  const [rows, setRows] = useState<Row[]>([]);
  const [loaded, retry] = useDialogLoad(
    [...entityQueryKey('modelPrototype'), 'ofModel', modelId],
    async () => ((dataOf(await http.get(`${DEVELOP}/model/model-prototype`, { modelId })) ?? []) as Row[]).map((r) => ({ ...r, modelId })),
    setRows,
  );
  const edit = (i: number, name: string, value: unknown) => setRows((prev) => prev.map((r, j) => (j === i ? { ...r, [name]: value } : r)));
  return (
    <CallDialog
      header={`${PROTOTYPE.name} · ${String(model.modelName ?? '')}`}
      loaded={loaded}
      onRetry={retry}
      width="980px"
      validate={() => (rows.length === 0 ? t('prototypeNone') : prototypeListMessage(rows, (name) => t('prototypeDuplicate', { name })))}
      onSave={() => http.post(PROTOTYPE.path, rows.map(({ id: _id, ...r }) => r))}
      onClose={onClose}
    >
      {() =>
        rows.length === 0 ? (
          <p className="wd-dialog-state">{t('prototypeNone')}</p>
        ) : (
          <table className="wd-dialog-table">
            <thead>
              <tr>
                <th>{labelText(FIELD.jdbcName!.label)}</th>
                {TEXT_COLUMNS.map((n) => <th key={n}>{labelText(FIELD[n]!.label)}</th>)}
                {FLAG_COLUMNS.map((n) => <th key={n}>{labelText(FIELD[n]!.label)}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={String(row.jdbcName)}>
                  <td><code>{String(row.jdbcName)}</code></td>
                  {TEXT_COLUMNS.map((n) => (
                    <td key={n}>
                      <InputText className="p-inputtext-sm" aria-label={`${String(row.jdbcName)} ${labelText(FIELD[n]!.label)}`} value={String(row[n] ?? '')} onChange={(e) => edit(i, n, e.target.value)} />
                    </td>
                  ))}
                  {FLAG_COLUMNS.map((n) => (
                    <td key={n}>
                      <Checkbox aria-label={`${String(row.jdbcName)} ${labelText(FIELD[n]!.label)}`} checked={Boolean(Number(row[n] ?? 0))} onChange={(e) => edit(i, n, e.checked ? 1 : 0)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </CallDialog>
  );
}

/** snake_case table name to a lowerCamel model code, without the product prefix: wdiov_demo_car → demoCar. */
export const modelCodeOf = (table: string) => table.replace(/^wdiov_/, '').replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** A model from an existing table (model/table-list, then model/submit): pick a table, name the model. */
export function TableImportDialog({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const form = useFieldForm(entities.model, ['datasourceId', 'modelTable', 'modelName', 'modelCode']);
  const datasourceId = String(form.values.datasourceId ?? '');
  const [tables, retry] = useDialogLoad(
    [...entityQueryKey('model'), 'tables', datasourceId],
    async () => (dataOf(await http.get(`${DEVELOP}/model/table-list`, datasourceId ? { datasourceId } : {})) ?? []) as { name: string; comment: string }[],
  );
  const pick = (name: string) => {
    const table = tables.state === 'ready' ? tables.data.find((x) => x.name === name) : undefined;
    form.set('modelTable', name);
    form.set('modelName', table?.comment || name);
    form.set('modelCode', modelCodeOf(name));
  };
  return (
    <CallDialog
      header={t('tableImportTitle')}
      loaded={tables}
      onRetry={retry}
      validate={() => (form.validate() ? undefined : t('dialogFixFields'))}
      onSave={() => http.post(`${entities.model.basePath}/submit`, form.wire()).then(onSaved)}
      onClose={onClose}
    >
      {(list) => (
        <>
          <FormField id="dialog-table" label={t('tableImportTable')}>
            <Dropdown inputId="dialog-table" filter value={form.values.modelTable ?? null} placeholder={t('tableImportPick')}
              options={list.map((x) => ({ value: x.name, label: x.comment ? `${x.name} (${x.comment})` : x.name }))}
              onChange={(e) => pick(String(e.value))} />
          </FormField>
          {form.fields}
        </>
      )}
    </CallDialog>
  );
}
