import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret of the gateway (the JWT signing secret; the key of stored secrets): the configured one, otherwise one generated on first start
 * and kept in the data directory (mode 600) so tokens survive a restart. Never in the repo.
 */
export function loadOrCreateSecret(configured: string | undefined, dataDir: string | undefined, fileName = 'jwt-secret'): string {
  if (configured) return configured;
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
