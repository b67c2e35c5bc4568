import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { labelKeyOf, plateKeyOf } from '@wdiov/contracts/entity/submit-schema';
import { t } from '../i18n/i18n';
import { dictText, nameText, rowName } from '../i18n/seeded-text';
import type { Row } from './crud-api';
import { dictLabel, type DictMap } from './dictionaries';

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * A value as the list shows it: references by the label the gateway answers beside them
 * (`deptId` → `deptName`), dictionary keys by their label, flags as yes/no.
 */
export function cellText(name: string, def: FieldDef, row: Row, dicts: DictMap): string {
  const value = row[name];
  const answered = text(row[labelKeyOf(name)]);
  if (def.ref) {
    // A vehicle by its plate first, its VIN beside (the gateway answers both).
    const plate = def.ref.entity === 'vehicle' ? text(row[plateKeyOf(name)]) : '';
    if (plate && answered && plate !== answered) return `${plate} · ${answered}`;
    return answered ? nameText(answered) : text(value);
  }
  if (def.dict) {
    const keys = text(value).split(',').filter(Boolean);
    if (answered) return keys.length === 1 ? dictText(def.dict, keys[0], answered) : answered;
    return keys.map((k) => dictLabel(dicts, def.dict!, k) ?? k).join(',');
  }
  if (def.kind === 'bool') {
    if (value === null || value === undefined || value === '') return '';
    return value === true || value === 1 || value === '1' ? t('crudYes') : t('crudNo');
  }
  if (def.kind === 'json') return value === null || value === undefined ? '' : JSON.stringify(value);
  return def.kind === 'text' ? rowName(row, text(value)) : text(value);
}

/**
 * A cell holding what users typed (free text, or the name of a row they made): marked so that
 * checks of the product's own wording can tell it apart. A seeded name still shown as the seed
 * wrote it is the product's text, and stays unmarked.
 */
export function isUserText(name: string, def: FieldDef, row: Row): boolean {
  if (def.dict || def.kind === 'json') return false;
  if (def.ref) return Boolean(row[labelKeyOf(name)]) && nameText(text(row[labelKeyOf(name)])) === text(row[labelKeyOf(name)]);
  return def.kind === 'text' && rowName(row, text(row[name])) === text(row[name]);
}

/** Export keeps numbers as numbers, so a spreadsheet can sum them. */
export function exportValue(name: string, def: FieldDef, row: Row, dicts: DictMap): string | number {
  const value = row[name];
  if ((def.kind === 'int' || def.kind === 'decimal') && !def.dict && typeof value === 'number') return value;
  return cellText(name, def, row, dicts);
}
