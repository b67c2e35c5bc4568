import type { MessageKey } from '../i18n/zh';

/**
 * Emptiness (spec §5): null, undefined, '', [], {}, and the strings 'null' and
 * 'undefined' are empty; booleans and numbers never are.
 */
export function isEmpty(value: unknown): boolean {
  if (typeof value === 'boolean' || typeof value === 'number') return false;
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '' || value === 'null' || value === 'undefined';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date || value instanceof Blob) return false;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

const MOBILE = /^1[3-9]\d{9}$/;

/** Reading A: optional, but when given it must be a mainland mobile number. */
export function validatePhoneA(phone: string | null | undefined): MessageKey | null {
  if (isEmpty(phone)) return null;
  return MOBILE.test(String(phone)) ? null : 'validatePhoneInvalid';
}

/** Reading B (profile): required, then exactly 11 characters, then the pattern. */
export function validatePhoneB(phone: string | null | undefined): MessageKey | null {
  if (isEmpty(phone)) return 'validatePhoneEmpty';
  const text = String(phone);
  if (text.length !== 11) return 'validatePhoneLength';
  return MOBILE.test(text) ? null : 'validatePhoneFormat';
}

export function isUrl(path: string): boolean {
  return /^https?:/i.test(path);
}

export function validateEmail(email: string | null | undefined): MessageKey | null {
  if (isEmpty(email)) return null;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(email)) ? null : 'validateEmail';
}

export const AVATAR_MAX_BYTES = 500 * 1024;

/** Avatar upload (spec §5): jpg or png only, at most 500 kb. */
export function validateAvatarFile(file: { type: string; size: number }): MessageKey | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return 'validateAvatarType';
  return file.size <= AVATAR_MAX_BYTES ? null : 'validateAvatarSize';
}

/** Submitted form text is trimmed at both ends (spec §5); other values pass through. */
export function trimForm<T extends object>(form: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) out[key] = typeof value === 'string' ? value.trim() : value;
  return out as T;
}

/** Search forms drop empty values (spec §5). */
export function dropEmpty(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => !isEmpty(v)));
}

export interface RegistrationForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/**
 * The register dialog's checks, in the spec's order; the first failure wins.
 * The tenant id is only checked when it cannot be detected from the host.
 */
export function validateRegistration(form: RegistrationForm, tenantRequired: boolean): MessageKey | null {
  if (tenantRequired && isEmpty(form.tenantId.trim())) return 'registerTenantRequired';
  if (isEmpty(form.account.trim())) return 'registerAccountRequired';
  if (isEmpty(form.password) || isEmpty(form.password2)) return 'registerPasswordRequired';
  if (form.password !== form.password2) return 'registerPasswordMismatch';
  return null;
}
