import { useMemo, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { labelKeyOf } from '@wdiov/contracts/entity/submit-schema';
import { FormField } from '../components/FormField';
import { useFocusReturn } from '../components/use-focus-return';
import { useI18n } from '../i18n/i18n';
import { cellText } from './cell-format';
import { createCrudApi, type Row } from './crud-api';
import { useCrudServices } from './CrudServices';
import type { DictMap } from './dictionaries';
import { FieldInput } from './FieldInput';
import { formFields, isBlank, labelText, type FormMode } from './field-defs';
import { dependentFields } from './form-checks';
import { initialValues, submitBody, validateField, validateForm, type FormErrors, type FormValues } from './form-model';

export interface CrudFormDialogProps {
  entity: AnyEntity;
  mode: FormMode;
  /** The row's detail (edit, view). */
  record: Row;
  dicts: DictMap;
  /** Values an add starts from beside the definition's defaults (the chosen parent …). */
  defaults?: FormValues;
  width?: string;
  successMessage?: string;
  /** Multiple tree references whose checks cascade (package menus). */
  cascade?: readonly string[];
  onClose(): void;
  onSaved(): void;
  /** Shown under the form (a record's audit trail in its detail view). */
  extra?: ReactNode;
  /** Where the save goes instead of the entity's submit (the operate detail's edits). */
  submitPath?: string;
}

/** Long values take the whole row of the two-column grid. */
const isWide = (def: FieldDef) => Boolean(def.multiline || def.kind === 'json' || def.ref?.multiple);

/** Add, edit and view of one row, validated from the definition on blur and on submit. */
export function CrudFormDialog(props: CrudFormDialogProps) {
  const { entity, mode, record } = props;
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const fields = formFields(entity, mode);
  const [values, setValues] = useState<FormValues>(() => initialValues(entity, mode, record, props.defaults));
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const api = useMemo(() => createCrudApi(http, entity), [http, entity]);
  useFocusReturn();

  const check = (name: string, def: FieldDef, value: unknown, all: FormValues = values) =>
    setErrors((prev) => {
      const { [name]: _old, ...rest } = prev;
      const message = validateField(def, value, mode, { entity: entity.name, name, values: all });
      return message ? { ...rest, [name]: message } : rest;
    });

  const save = async () => {
    if (mode === 'view') return;
    const found = validateForm(entity, mode, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const body = submitBody(entity, mode, values, record.id === undefined ? undefined : String(record.id));
      await (props.submitPath ? http.post(props.submitPath, body) : api.submit(body));
      notifier.success(props.successMessage ?? t(mode === 'add' ? 'crudAdded' : 'crudUpdated'));
      props.onSaved();
    } catch {
      // The HTTP client showed the server's message; the dialog stays open for a fix.
    } finally {
      setSaving(false);
    }
  };

  const title = labelText(entity.title);
  const header = t(mode === 'add' ? 'crudAddTitle' : mode === 'edit' ? 'crudEditTitle' : 'crudViewTitle', { title });
  const footer =
    mode === 'view' ? (
      <Button label={t('commonClose')} severity="secondary" outlined onClick={props.onClose} />
    ) : (
      <>
        <Button label={t('commonCancel')} severity="secondary" outlined onClick={props.onClose} />
        <Button label={t('commonSubmit')} icon="pi pi-check" loading={saving} onClick={() => void save()} />
      </>
    );

  return (
    <Dialog header={header} visible onHide={props.onClose} footer={footer} style={{ width: props.width ?? 'min(880px, 95vw)' }} modal>
      <form
        className="wd-crud-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {fields.map(([name, def]) => (
          <div key={name} className={isWide(def) ? 'wd-crud-form-wide' : undefined}>
            <FormField id={`crud-${name}`} label={labelText(def.label)} required={mode !== 'view' && Boolean(def.required)} error={errors[name]}>
              {mode === 'view' ? (
                <div id={`crud-${name}`} className="wd-crud-view-value">
                  {cellText(name, def, record, props.dicts) || '-'}
                </div>
              ) : (
                <FieldInput
                  id={`crud-${name}`}
                  def={def}
                  value={values[name]}
                  dicts={props.dicts}
                  labels={String(record[labelKeyOf(name)] ?? '')}
                  cascade={props.cascade?.includes(name)}
                  invalid={Boolean(errors[name])}
                  onChange={(v) => {
                    const next = { ...values, [name]: v };
                    setValues((prev) => ({ ...prev, [name]: v }));
                    // Choices (selects, switches, pickers) have no blur worth waiting for.
                    if (errors[name] || typeof v !== 'string') check(name, def, v, next);
                    // Fields checked against this one (a fence's geometry against its type) follow it.
                    const dependents = dependentFields(entity.name, name);
                    for (const [other, otherDef] of fields) {
                      if (dependents.includes(other) && !isBlank(next[other])) check(other, otherDef, next[other], next);
                    }
                  }}
                  onBlur={() => check(name, def, values[name])}
                />
              )}
            </FormField>
          </div>
        ))}
        <button type="submit" hidden />
      </form>
      {props.extra}
    </Dialog>
  );
}
