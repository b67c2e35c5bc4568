import { alarmTypeName, SYSTEM_HANDLER, SYSTEM_HANDLER_NAME, type Language } from '@wdiov/contracts';
import type { Json } from '../../crud/serialize.ts';

/**
 * An alarm row as a list shows it in a language: the alarm named by its rule (the stored name
 * for a type no rule defines) and, for an alarm its type let the system handle, the system as
 * the one who handled it.
 */
export function alarmInWords<R extends Json>(row: R, language: Language): R {
  const name = typeof row.alarmType === 'string' ? alarmTypeName(row.alarmType, language) : undefined;
  const bySystem = row.handleUser === SYSTEM_HANDLER;
  if (name === undefined && !bySystem) return row;
  return { ...row, ...(name !== undefined ? { alarmName: name } : {}), ...(bySystem ? { handleUser: SYSTEM_HANDLER_NAME[language] } : {}) };
}
