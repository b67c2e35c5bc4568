import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { entityList } from '@wdiov/contracts/entities/registry';
import type { Row } from './crud-api';

/** Fields that name a record when no picker says which one does, in order of preference. */
const NAMING_FIELDS = ['plateNumber', 'name', 'title', 'realName', 'account', 'vin', 'code'];

let refLabels: Map<string, string> | undefined;

/** The field each entity's pickers show (another entity's reference label): what operators know it by. */
function refLabelOf(entityName: string): string | undefined {
  if (!refLabels) {
    refLabels = new Map();
    for (const e of entityList) {
      for (const def of Object.values(e.fields) as FieldDef[]) {
        if (def.ref && !refLabels.has(def.ref.entity)) refLabels.set(def.ref.entity, def.ref.label);
      }
    }
  }
  return refLabels.get(entityName);
}

/** The field that names a record of `entity`, if any. */
export function namingField(entity: AnyEntity): string | undefined {
  const fields = Object.keys(entity.fields);
  // A vehicle's plate is what an operator reads first, before its VIN (the pickers' label).
  if (fields.includes('plateNumber')) return 'plateNumber';
  const byRef = refLabelOf(entity.name);
  if (byRef && fields.includes(byRef)) return byRef;
  return NAMING_FIELDS.find((f) => fields.includes(f)) ?? fields.find((f) => /Name$/.test(f));
}

/** What a confirmation calls a record: its naming field's value, else its id. */
export function recordName(entity: AnyEntity, row: Row): string {
  const field = namingField(entity);
  const value = field ? row[field] : undefined;
  return value !== undefined && value !== null && String(value).trim() !== '' ? String(value) : String(row.id ?? '');
}

/** At most this many names in a confirmation; the rest are counted. */
export const NAMES_SHOWN = 5;
