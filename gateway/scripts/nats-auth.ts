/**
 * `npm run nats:auth -w gateway -- <dir> [<server-dir>]`: writes the NATS trust chain of a cluster
 * into <dir> (auth.conf for nats-server; the account key, the operator signing key and the
 * credentials only the gateways hold), once: a directory that already holds one is left as it is,
 * so every restart keeps the same keys. With <server-dir>, auth.conf alone is also written there,
 * for the NATS nodes to mount without any of the gateways' keys.
 */
import { resolve } from 'node:path';
import { loadOrCreateNatsAuth, writeServerTrust, AUTH_FILES } from '../src/scale/nats-auth.ts';

const [dir, serverDir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: nats-auth <dir> [<server-dir>]');
  process.exit(2);
}
const auth = await loadOrCreateNatsAuth(resolve(dir));
console.log(`NATS trust chain in ${resolve(dir)}: ${Object.values(AUTH_FILES).join(', ')}`);
if (serverDir) {
  await writeServerTrust(resolve(serverDir), auth);
  console.log(`NATS nodes' part (${AUTH_FILES.serverConfig}) in ${resolve(serverDir)}`);
}
