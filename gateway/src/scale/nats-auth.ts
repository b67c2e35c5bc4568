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
import { createAccount, createOperator, createUser, fromSeed } from '@nats-io/nkeys';

export interface NatsAuth {
  /** What nats-server includes: operator, system account, resolver preload (public JWTs only). */
  serverConfig: string;
  /** Seed of the account the product runs in: signs users (the gateway's own and browsers'). */
  accountSeed: string;
  /** Credentials (user JWT + seed) of the gateways' own connections: every subject, no expiry. */
  gatewayCreds: string;
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

/** A new trust chain with fresh keys. */
export async function createNatsAuth(): Promise<NatsAuth> {
  const operator = createOperator();
  const system = createAccount();
  const account = createAccount();
  const operatorJwt = await encodeOperator('wdiov', operator, { system_account: system.getPublicKey() });
  const systemJwt = await encodeAccount('SYS', system, {}, { signer: operator });
  const accountJwt = await encodeAccount('WDIOV', account, { limits: UNLIMITED }, { signer: operator });
  const gateway = createUser();
  const gatewayJwt = await encodeUser('gateway', gateway, account);
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
  return { serverConfig, accountSeed: seedOf(account), gatewayCreds: utf8.decode(fmtCreds(gatewayJwt, gateway)) };
}

export const AUTH_FILES = { serverConfig: 'auth.conf', accountSeed: 'account.nk', gatewayCreds: 'gateway.creds' } as const;

/** Writes the trust chain as the files nats-server (auth.conf) and the gateways (the other two) read. */
export async function writeNatsAuth(dir: string, auth: NatsAuth): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The modes apply on creation only: a folder or file already there is narrowed too (it holds the account seed).
  await chmod(dir, 0o700);
  for (const [key, file] of Object.entries(AUTH_FILES)) {
    await writeFile(join(dir, file), auth[key as keyof NatsAuth], { mode: 0o600 });
    await chmod(join(dir, file), 0o600);
  }
}

/** Reads a trust chain written by writeNatsAuth; the account seed is checked to be one. */
export async function readNatsAuth(dir: string): Promise<NatsAuth> {
  const read = (file: string) => readFile(join(dir, file), 'utf8');
  const auth = { serverConfig: await read(AUTH_FILES.serverConfig), accountSeed: (await read(AUTH_FILES.accountSeed)).trim(), gatewayCreds: await read(AUTH_FILES.gatewayCreds) };
  if (!auth.accountSeed.startsWith('SA')) throw new Error(`${join(dir, AUTH_FILES.accountSeed)} does not hold an account seed`);
  fromSeed(new TextEncoder().encode(auth.accountSeed));
  return auth;
}

/** The trust chain kept in `dir`, made on first use (the embedded default's nats-server child). */
export async function loadOrCreateNatsAuth(dir: string): Promise<NatsAuth> {
  if (existsSync(join(dir, AUTH_FILES.accountSeed))) return readNatsAuth(dir);
  const auth = await createNatsAuth();
  await writeNatsAuth(dir, auth);
  return auth;
}
