import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decode } from '@nats-io/jwt';
import { fromSeed } from '@nats-io/nkeys';
import { createLogger } from '../lib/logger.ts';
import { startCredentialRevocation } from './credential-revoker.ts';
import { AUTH_FILES, createNatsAuth, readNatsAuth, writeNatsAuth } from './nats-auth.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
const tempDir = async () => {
  const d = await mkdtemp(join(tmpdir(), 'wdiov-natsauth-'));
  dirs.push(d);
  return d;
};

describe('NATS trust chain files', () => {
  it('keep the revocation keys: an operator signing key the operator JWT lists, and system-account credentials', async () => {
    const dir = await tempDir();
    const auth = await createNatsAuth();
    await writeNatsAuth(dir, auth);
    const read = await readNatsAuth(dir);
    expect(read).toEqual(auth);
    const operatorJwt = /operator: "([^"]+)"/.exec(auth.serverConfig)![1]!;
    const signing = fromSeed(new TextEncoder().encode(read.revocation!.operatorSigningSeed)).getPublicKey();
    expect(decode<{ signing_keys: string[] }>(operatorJwt).nats.signing_keys).toEqual([signing]);
    const systemAccount = /system_account: "([^"]+)"/.exec(auth.serverConfig)![1]!;
    const revokerJwt = /-----BEGIN NATS USER JWT-----\n(\S+)/.exec(read.revocation!.systemCreds)![1]!;
    expect(decode(revokerJwt).iss).toBe(systemAccount);
  });

  it('read from a folder written before revocation existed: no revocation, and the gateway says so instead of failing', async () => {
    const dir = await tempDir();
    await writeNatsAuth(dir, await createNatsAuth());
    await unlink(join(dir, AUTH_FILES.operatorSigningSeed));
    await unlink(join(dir, AUTH_FILES.systemCreds));
    const auth = await readNatsAuth(dir);
    expect(auth.revocation).toBeUndefined();
    const warnings: string[] = [];
    const logger = Object.assign(createLogger('silent'), { warn: (msg: string) => void warnings.push(msg) });
    const started = await startCredentialRevocation({ bus: undefined as never, natsUrl: 'nats://127.0.0.1:1', feed: undefined as never, auth, logger });
    expect(started).toBeUndefined();
    expect(warnings.join()).toMatch(/no revocation keys/);
  });

  it('refuses a folder whose operator signing key is not one', async () => {
    const dir = await tempDir();
    const auth = await createNatsAuth();
    await writeNatsAuth(dir, auth);
    await writeFile(join(dir, AUTH_FILES.operatorSigningSeed), auth.accountSeed);
    await expect(readNatsAuth(dir)).rejects.toThrow(/operator seed/);
    expect((await readFile(join(dir, AUTH_FILES.accountSeed), 'utf8')).startsWith('SA')).toBe(true);
  });
});
