import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../gateway/src/bus/nats-child.ts';
import { createNatsAuth, writeNatsAuth, writeServerTrust, type NatsAuth } from '../../gateway/src/scale/nats-auth.ts';
import { ROOT_DIR } from './compose-file.ts';

export interface ClusterNode {
  name: string;
  port: number;
  wsPort: number;
  process: ChildProcess;
  kill(): void;
}

/**
 * Three nats-server processes from deploy/nats/cluster.conf, the file the compose cluster runs,
 * with the environment compose gives each node (ports free on this machine instead of fixed), and
 * a trust chain written the way `npm run nats:auth` writes it. `stop()` ends them and removes the folder.
 */
export async function startNatsCluster(): Promise<{ nodes: ClusterNode[]; auth: NatsAuth; url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'wdiov-cluster-'));
  copyFileSync(join(ROOT_DIR, 'deploy/nats/cluster.conf'), join(dir, 'cluster.conf'));
  const auth = await createNatsAuth();
  // As compose mounts them: the nodes get the public part only; the gateways' keys stay in another folder.
  await writeNatsAuth(join(dir, 'gateway-auth'), auth);
  await writeServerTrust(join(dir, 'auth'), auth);
  const names = ['nats-1', 'nats-2', 'nats-3'];
  const ports = await Promise.all(names.map(async () => ({ port: await freePort(), monitor: await freePort(), ws: await freePort(), cluster: await freePort() })));
  const nodes = names.map((name, i) => {
    const others = ports.filter((_, j) => j !== i).map((p) => `nats://127.0.0.1:${p.cluster}`);
    const child = spawn('nats-server', ['-c', join(dir, 'cluster.conf')], {
      stdio: 'ignore',
      env: {
        ...process.env, NATS_NAME: name, NATS_PORT: String(ports[i]!.port), NATS_MONITOR_PORT: String(ports[i]!.monitor),
        NATS_WS_PORT: String(ports[i]!.ws), NATS_CLUSTER_PORT: String(ports[i]!.cluster), NATS_STORE_DIR: join(dir, name),
        NATS_ROUTE_A: others[0], NATS_ROUTE_B: others[1],
      },
    });
    return { name, port: ports[i]!.port, wsPort: ports[i]!.ws, process: child, kill: () => void child.kill('SIGKILL') };
  });
  const killAll = () => nodes.forEach((n) => n.process.kill('SIGKILL'));
  process.once('exit', killAll);
  return {
    nodes, auth, url: nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(','),
    async stop() {
      process.removeListener('exit', killAll);
      await Promise.all(nodes.map((n) => new Promise<void>((resolve) => {
        if (n.process.exitCode !== null || n.process.signalCode !== null) return resolve();
        n.process.once('exit', () => resolve());
        n.process.kill('SIGTERM');
      })));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
