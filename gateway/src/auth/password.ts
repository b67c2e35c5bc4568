import { hash, verify } from '@node-rs/argon2';

/** The browser sends md5 hex of the password; it is stored as argon2id of that value. */
export const MD5_HEX = /^[a-f0-9]{32}$/i;

// Argon2id (algorithm 2) with the OWASP minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(md5Hex: string): Promise<string> {
  return hash(md5Hex.toLowerCase(), OPTIONS as never);
}

export async function verifyPassword(stored: string | null | undefined, md5Hex: string): Promise<boolean> {
  if (!stored || !stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, md5Hex.toLowerCase());
  } catch {
    return false;
  }
}
