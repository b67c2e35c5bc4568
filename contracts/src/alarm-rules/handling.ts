import type { Label } from '../entity/fields.ts';

/**
 * handleUser of an alarm the system marked handled because its type needs no operator
 * (alarmHandleConfig isHandle 0); the lists show it as SYSTEM_HANDLER_NAME. It is the system
 * principal's account, which no person signs in with.
 */
export const SYSTEM_HANDLER = 'system';
export const SYSTEM_HANDLER_NAME: Label = { zh: '系统', en: 'System' };
