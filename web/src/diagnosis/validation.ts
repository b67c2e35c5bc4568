import type { z } from 'zod';
import { issueDiagnose, issueInstruction, type IssueDiagnose, type IssueInstruction } from '@wdiov/contracts/diagnosis/instruction';
import { t } from '../i18n/i18n';
import { DIAGNOSE_MAX } from './instruction-api';

/** The contract's remark limit (z.string().max(255)), named in the message. */
const REMARK_MAX = 255;

/** Messages by form field: 'vehicle', 'vehicles', 'ids', 'params', 'params.<row>', 'command', 'upgrade', 'alarmLevel', 'remark', 'form'. */
export type FieldErrors = Record<string, string>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * The contract's zod issues as the operator reads them. The schema's own messages are the
 * gateway's (Chinese, like its other 400s); the path says which field it is, so each path gets
 * a sentence in the console's language, and anything unforeseen still shows its path.
 */
function translate(issue: z.core.$ZodIssue): [field: string, message: string] {
  const [head, second, row] = issue.path.map(String);
  if (head === 'vehicleId' || head === 'vin') return ['vehicle', t('diagValVehicle')];
  if (head === 'vehicleIds') {
    return ['vehicles', issue.code === 'too_big' ? t('diagValTooMany', { max: DIAGNOSE_MAX }) : t('diagValVehicles')];
  }
  if (head === 'remark') return ['remark', t('diagValRemark', { max: REMARK_MAX })];
  if (head === 'content') {
    if (second === 'ids') return ['ids', t('diagValIds')];
    if (second === 'params' && row === undefined) return ['params', t('diagValParams')];
    if (second === 'params') return [`params.${row}`, t('diagValValueRange')];
    if (second === 'commandId') return ['command', t('diagValCommand')];
    if (second === 'upgrade') return ['upgrade', t('diagValUpgradeLong')];
    if (second === 'alarmLevel') return ['alarmLevel', t('diagValAlarmLevel')];
  }
  return ['form', `${issue.path.join('.')}: ${issue.message}`];
}

function errorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const [field, message] = translate(issue);
    out[field] ??= message;
  }
  return out;
}

/**
 * A body checked against the contract. The 'choose a vehicle' rule is a refinement zod skips
 * while other fields fail, so it is checked here too: the operator sees every problem at once.
 */
export function checkInstruction(body: Partial<IssueInstruction> & Record<string, unknown>): Checked<IssueInstruction> {
  const parsed = issueInstruction.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = errorsOf(parsed.error);
  if (!body.vehicleId && !body.vin) errors.vehicle ??= t('diagValVehicle');
  return { ok: false, errors };
}

export function checkDiagnose(body: { vehicleIds: string[]; remark?: string }): Checked<IssueDiagnose> {
  const parsed = issueDiagnose.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: errorsOf(parsed.error) };
}

/** Adds form-side errors (per-parameter ranges, upgrade fields) to a result; they are the more specific, so they win. */
export function withErrors<T>(checked: Checked<T>, extra: FieldErrors): Checked<T> {
  if (Object.keys(extra).length === 0) return checked;
  return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), ...extra } };
}
