import { QUERYABLE_PARAM_IDS } from '@wdiov/contracts/diagnosis/instruction';
import { PARAMS, ParamId, type ParamDefinition } from '@wdiov/contracts/protocol/params';
import type { Language } from '../i18n/i18n';

/**
 * The terminal parameters as the forms show them: names and units from the contract's PARAMS,
 * plus what the set form needs to know to offer the right input for each one.
 */

/** The largest valid raw value of a BYTE/WORD: the top two are the standard's abnormal/invalid markers. */
const BYTE_MAX = 0xff - 2;
const WORD_MAX = 0xffff - 2;

export type ParamInput =
  | { kind: 'number'; min: number; max: number }
  | { kind: 'text'; maxLength: number }
  | { kind: 'choice'; options: { value: number; key: 'diagYes' | 'diagNo' }[] };

/**
 * How a parameter is entered when set. Report periods are a WORD in 2016 and a BYTE in 2025:
 * the form allows the WORD range and the gateway holding the terminal checks its edition.
 */
const INPUTS: Record<number, ParamInput> = {
  [ParamId.localStoragePeriod]: { kind: 'number', min: 0, max: WORD_MAX },
  [ParamId.reportPeriod]: { kind: 'number', min: 1, max: WORD_MAX },
  [ParamId.alarmReportPeriod]: { kind: 'number', min: 1, max: WORD_MAX },
  // The contract caps text values at 200 characters; the domain's length byte is sent for us.
  [ParamId.platformDomain]: { kind: 'text', maxLength: 200 },
  [ParamId.platformPort]: { kind: 'number', min: 0, max: WORD_MAX },
  [ParamId.heartbeatPeriod]: { kind: 'number', min: 1, max: BYTE_MAX },
  [ParamId.terminalResponseTimeout]: { kind: 'number', min: 0, max: WORD_MAX },
  [ParamId.platformResponseTimeout]: { kind: 'number', min: 0, max: WORD_MAX },
  [ParamId.loginRetryInterval]: { kind: 'number', min: 0, max: BYTE_MAX },
  [ParamId.publicDomain]: { kind: 'text', maxLength: 200 },
  [ParamId.publicPort]: { kind: 'number', min: 0, max: WORD_MAX },
  [ParamId.samplingMonitoring]: { kind: 'choice', options: [{ value: 1, key: 'diagYes' }, { value: 2, key: 'diagNo' }] },
};

/** Ids the set form offers: the lengths are derived from the domains, the versions are read-only. */
export const SETTABLE_IDS: readonly number[] = PARAMS.map((p) => p.id).filter((id) => INPUTS[id] !== undefined);
export const QUERYABLE_IDS: readonly number[] = QUERYABLE_PARAM_IDS;

const byId = new Map<number, ParamDefinition>(PARAMS.map((p) => [p.id, p]));

export const hexId = (id: number) => `0x${id.toString(16).padStart(2, '0').toUpperCase()}`;

export function paramName(id: number, language: Language): string {
  const def = byId.get(id);
  return def ? def[language] : hexId(id);
}

/** The unit as the standard gives it; both editions when they differ (the value travels raw). */
export function paramUnit(id: number): string {
  const def = byId.get(id);
  if (!def) return '';
  return def.unit2016 === def.unit2025 ? def.unit2016 : `2016: ${def.unit2016} / 2025: ${def.unit2025}`;
}

export function paramInput(id: number): ParamInput | undefined {
  return INPUTS[id];
}

/** The range text shown beside a numeric input. */
export function rangeText(input: ParamInput): string {
  return input.kind === 'number' ? `${input.min}–${input.max}` : input.kind === 'text' ? `≤ ${input.maxLength}` : '';
}

/** Whether a value is acceptable for a parameter; the message key when not. */
export function checkParamValue(id: number, value: number | string | null | undefined): 'diagValValueRequired' | 'diagValValueRange' | null {
  const input = INPUTS[id];
  if (value === null || value === undefined || value === '') return 'diagValValueRequired';
  if (!input) return null;
  if (input.kind === 'number') {
    return typeof value === 'number' && Number.isInteger(value) && value >= input.min && value <= input.max ? null : 'diagValValueRange';
  }
  if (input.kind === 'text') return typeof value === 'string' && value.trim().length > 0 && value.length <= input.maxLength ? null : 'diagValValueRange';
  return input.options.some((o) => o.value === value) ? null : 'diagValValueRange';
}
