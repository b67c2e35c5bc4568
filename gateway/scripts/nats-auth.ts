/**
 * `npm run nats:auth -w gateway -- <dir>`: writes the NATS trust chain of a cluster into <dir>
 * (auth.conf for nats-server, account.nk and gateway.creds for the gateways), once: a directory
 * that already holds one is left as it is, so every restart keeps the same keys.
 */
import { resolve } from 'node:path';
import { loadOrCreateNatsAuth, AUTH_FILES } from '../src/scale/nats-auth.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: nats-auth <dir>');
  process.exit(2);
}
await loadOrCreateNatsAuth(resolve(dir));
console.log(`NATS trust chain in ${resolve(dir)}: ${Object.values(AUTH_FILES).join(', ')}`);
