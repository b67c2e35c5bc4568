import { useState } from 'react';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { FormField } from '../components/FormField';
import { useCrudServices } from '../crud/CrudServices';
import { useDictionaries } from '../crud/dictionaries';
import { FieldInput } from '../crud/FieldInput';
import { isBlank, labelText } from '../crud/field-defs';
import { toWire, validateField, type FormErrors, type FormValues } from '../crud/form-model';

/**
 * Some fields of an entity as a dialog's form: each drawn and checked from its definition (the
 * same messages, zh and en, as the entity's own form), `required` overriding the definition's.
 */
export function useFieldForm(entity: AnyEntity, names: readonly string[], initial: FormValues = {}, required: readonly string[] = []) {
  const { http } = useCrudServices();
  const dicts = useDictionaries(http, entity);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const defOf = (name: string): FieldDef => {
    const def = entity.fields[name] as FieldDef;
    return required.includes(name) && !def.required ? { ...def, required: true } : def;
  };
  const check = (name: string, value: unknown): string | null => {
    const message = validateField(defOf(name), value, 'add');
    setErrors((prev) => {
      const { [name]: _old, ...rest } = prev;
      return message ? { ...rest, [name]: message } : rest;
    });
    return message;
  };
  /** Checks every field; true when all pass. */
  const validate = (): boolean => names.map((n) => check(n, values[n])).every((m) => m === null);
  /** The values as the wire takes them (trimmed text, dates formatted), blank ones left out. */
  const wire = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const n of names) {
      if (isBlank(values[n])) continue;
      const w = toWire(defOf(n), values[n]);
      if (w.ok) out[n] = w.value;
    }
    return out;
  };
  const set = (name: string, value: unknown) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    if (errors[name] || typeof value !== 'string') check(name, value);
  };
  const fields = (
    <>
      {names.map((name) => {
        const def = defOf(name);
        const id = `dialog-${name}`;
        return (
          <FormField key={name} id={id} label={labelText(def.label)} required={Boolean(def.required)} error={errors[name]}>
            <FieldInput id={id} def={def} value={values[name]} dicts={dicts} invalid={Boolean(errors[name])} onChange={(v) => set(name, v)} onBlur={() => check(name, values[name])} />
          </FormField>
        );
      })}
    </>
  );
  return { values, set, validate, wire, fields };
}
