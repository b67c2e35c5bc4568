import { isIP } from 'node:net';
import { PLATFORM_ENCRYPTION } from '@wdiov/contracts/protocol/index';
import { badRequest } from '../lib/api-error.ts';
import type { Prepare } from '../crud/behaviours.ts';
import { EDITION_OF } from './forward-config.ts';
import { CipherKeyError, frameEncryptor } from './frame-cipher.ts';
import { forwardText } from '../lib/texts/forward-text.ts';

const CIPHER_FIELDS = ['protocol', 'encryption', 'encryptionKey'];

/**
 * A platform's encryption must belong to its protocol edition and its key must be one the cipher
 * can use: refused at submit (400, nothing saved) instead of found when the link starts. The key
 * is write-only, so an update that leaves it out is checked with the stored one. Messages name
 * what is wrong with the key, never the key.
 */
export const checkPlatformCipher: Prepare = async (values, { repo, principal, mode, id }) => {
  if (!CIPHER_FIELDS.some((k) => values[k] !== undefined)) return values;
  const stored = mode === 'update' ? await repo.findRow(principal, id) : undefined;
  const record = { ...stored, ...values };
  const edition = EDITION_OF[Number(record.protocol ?? 1)];
  // Other protocols are not forwarded at all: the link says so.
  if (!edition) return values;
  const rule = Number(record.encryption ?? 1);
  if (!PLATFORM_ENCRYPTION[edition].includes(rule)) throw badRequest(`${forwardText('encryptionEdition', { edition: String(edition) })} [encryption]`);
  try {
    frameEncryptor(rule, (record.encryptionKey as string | null | undefined) || null);
  } catch (e) {
    throw badRequest(`${e instanceof CipherKeyError ? e.message : forwardText('badKey')} [encryptionKey]`);
  }
  return values;
};

/** The entity's pattern lets any run of hex digits and colons through as IPv6: here it must be one. */
const checkPlatformHost: Prepare = async (values) => {
  const host = values.host;
  if (typeof host === 'string' && host.includes(':') && isIP(host.replace(/^\[(.*)\]$/, '$1')) !== 6) {
    throw badRequest(`${forwardText('badHost')} [host]`);
  }
  return values;
};

/** What a platform's submit must hold beyond its fields' own rules. */
export const checkPlatformSettings: Prepare = async (values, ctx) => checkPlatformCipher(await checkPlatformHost(values, ctx), ctx);
