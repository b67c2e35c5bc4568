/**
 * The NATS trust chain of a deployment in operator (decentralized JWT) mode: an operator, the
 * system account, and the one account every gateway and browser connects to. The gateway holds
 * the account's key and signs short-lived user JWTs for browsers with it (credential-minter.ts);
 * nats-server holds only public JWTs. Why operator mode: nats-server 2.9 (the one on PATH) has
 * no auth callout, and a static `authorization { users }` block cannot take users minted at
 * sign-in without reloading the server.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { encodeAccount, encodeOperator, encodeUser, fmtCreds } from '@nats-io/jwt';
import { createAccount, createOperator, createUser, fromSeed, type KeyPair } from '@nats-io/nkeys';

export interface NatsAuth {
  /** What nats-server includes: operator, system account, resolver preload (public JWTs only). */
  serverConfig: string;
  /** Seed of the account the product runs in: signs users (the gateway's own and browsers'). */
  accountSeed: string;
  /** Credentials (user JWT + seed) of the gateways' own connections: every subject, no expiry. */
  gatewayCreds: string;
  /**
   * What revoking browsers' credentials needs (absent in trust chains written before it): an
   * operator signing key to re-issue the account JWT with its revocations, and credentials in the
   * system account to hand the new JWT to every node.
   */
  revocation?: { operatorSigningSeed: string; systemCreds: string };
}

const utf8 = new TextDecoder();
const seedOf = (kp: { getSeed(): Uint8Array }) => utf8.decode(kp.getSeed());

/**
 * No account limits: the account JWT's limits default to zero once any is set, and the product's
 * own bounds are per stream and per connection. JetStream on, with sizes set per stream.
 */
const UNLIMITED = {
  conn: -1, subs: -1, data: -1, payload: -1, imports: -1, exports: -1, leaf: -1, wildcards: true,
  mem_storage: -1, disk_storage: -1, streams: -1, consumer: -1,
};

/**
 * The product's account JWT, signed by the operator or one of its signing keys. Revoked user keys
 * map to a time: their JWTs issued at or before it are refused, and their connections closed.
 */
export function encodeProductAccount(accountPublicKey: string, signer: KeyPair, revocations: Record<string, number> = {}): Promise<string> {
  return encodeAccount('WDIOV', accountPublicKey, { limits: UNLIMITED, ...(Object.keys(revocations).length > 0 ? { revocations } : {}) }, { signer });
}

const SYSTEM_LIMITS = { conn: -1, subs: -1, data: -1, payload: -1, imports: -1, exports: -1, leaf: -1, wildcards: true };

/** A new trust chain with fresh keys. */
export async function createNatsAuth(): Promise<NatsAuth> {
  const operator = createOperator();
  // The gateways get this signing key, never the operator's own: the operator JWT can drop it.
  const operatorSigning = createOperator();
  const system = createAccount();
  const account = createAccount();
  const operatorJwt = await encodeOperator('wdiov', operator, { system_account: system.getPublicKey(), signing_keys: [operatorSigning.getPublicKey()] });
  // The revoker connects in the system account: without limits it would be allowed no connection.
  const systemJwt = await encodeAccount('SYS', system, { limits: SYSTEM_LIMITS }, { signer: operator });
  const accountJwt = await encodeProductAccount(account.getPublicKey(), operator);
  const gateway = createUser();
  const gatewayJwt = await encodeUser('gateway', gateway, account);
  const revoker = createUser();
  const revokerJwt = await encodeUser('revoker', revoker, system);
  const serverConfig = [
    '# Generated: the operator and accounts of this deployment (public JWTs only).',
    `operator: "${operatorJwt}"`,
    `system_account: "${system.getPublicKey()}"`,
    'resolver: MEMORY',
    'resolver_preload: {',
    `  ${system.getPublicKey()}: "${systemJwt}"`,
    `  ${account.getPublicKey()}: "${accountJwt}"`,
    '}',
    // A browser's JWT lists its subjects; the default 4 KiB CONNECT line is too short for a long list.
    'max_control_line: 65536',
    '',
  ].join('\n');
  return {
    serverConfig, accountSeed: seedOf(account), gatewayCreds: utf8.decode(fmtCreds(gatewayJwt, gateway)),
    revocation: { operatorSigningSeed: seedOf(operatorSigning), systemCreds: utf8.decode(fmtCreds(revokerJwt, revoker)) },
  };
}

export const AUTH_FILES = {
  serverConfig: 'auth.conf', accountSeed: 'account.nk', gatewayCreds: 'gateway.creds',
  operatorSigningSeed: 'operator-signing.nk', systemCreds: 'system.creds',
} as const;

async function writePrivate(dir: string, file: string, text: string): Promise<void> {
  await writeFile(join(dir, file), text, { mode: 0o600 });
  await chmod(join(dir, file), 0o600);
}

/** Writes the trust chain as the files nats-server (auth.conf) and the gateways (the others) read. */
export async function writeNatsAuth(dir: string, auth: NatsAuth): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The modes apply on creation only: a folder or file already there is narrowed too (it holds the account seed).
  await chmod(dir, 0o700);
  await writePrivate(dir, AUTH_FILES.serverConfig, auth.serverConfig);
  await writePrivate(dir, AUTH_FILES.accountSeed, auth.accountSeed);
  await writePrivate(dir, AUTH_FILES.gatewayCreds, auth.gatewayCreds);
  if (auth.revocation) {
    await writePrivate(dir, AUTH_FILES.operatorSigningSeed, auth.revocation.operatorSigningSeed);
    await writePrivate(dir, AUTH_FILES.systemCreds, auth.revocation.systemCreds);
  }
}

/** Writes only what a NATS node needs (auth.conf: public JWTs), for a folder the nodes mount without the gateways' keys. */
export async function writeServerTrust(dir: string, auth: NatsAuth): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, AUTH_FILES.serverConfig), auth.serverConfig, { mode: 0o644 });
  await chmod(join(dir, AUTH_FILES.serverConfig), 0o644);
}

/** Reads a trust chain written by writeNatsAuth; the seeds are checked to be of the right kind. */
export async function readNatsAuth(dir: string): Promise<NatsAuth> {
  const read = (file: string) => readFile(join(dir, file), 'utf8');
  const auth: NatsAuth = { serverConfig: await read(AUTH_FILES.serverConfig), accountSeed: (await read(AUTH_FILES.accountSeed)).trim(), gatewayCreds: await read(AUTH_FILES.gatewayCreds) };
  checkSeed(auth.accountSeed, 'SA', join(dir, AUTH_FILES.accountSeed));
  if (existsSync(join(dir, AUTH_FILES.operatorSigningSeed)) && existsSync(join(dir, AUTH_FILES.systemCreds))) {
    auth.revocation = { operatorSigningSeed: (await read(AUTH_FILES.operatorSigningSeed)).trim(), systemCreds: await read(AUTH_FILES.systemCreds) };
    checkSeed(auth.revocation.operatorSigningSeed, 'SO', join(dir, AUTH_FILES.operatorSigningSeed));
  }
  return auth;
}

function checkSeed(seed: string, prefix: 'SA' | 'SO', file: string): void {
  if (!seed.startsWith(prefix)) throw new Error(`${file} does not hold an ${prefix === 'SA' ? 'account' : 'operator'} seed`);
  fromSeed(new TextEncoder().encode(seed));
}

/** The trust chain kept in `dir`, made on first use (the embedded default's nats-server child). */
export async function loadOrCreateNatsAuth(dir: string): Promise<NatsAuth> {
  if (existsSync(join(dir, AUTH_FILES.accountSeed))) return readNatsAuth(dir);
  const auth = await createNatsAuth();
  await writeNatsAuth(dir, auth);
  return auth;
}
