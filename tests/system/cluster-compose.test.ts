import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadEnv } from '../../gateway/src/env.ts';
import { AUTH_FILES, createNatsAuth, writeServerTrust } from '../../gateway/src/scale/nats-auth.ts';
import { readCompose, ROOT_DIR } from './compose-file.ts';

/**
 * docker-compose.yml, checked without Docker: the services the scale-out needs are there, every
 * gateway setting is one env.ts knows (and accepts), each NATS node is given everything its
 * config file asks for, and the proxy spreads HTTP, nats.ws and TCP ingest over the replicas.
 */
const compose = readCompose();
const { services } = compose;
const NODES = ['nats-1', 'nats-2', 'nats-3'];
const GATEWAYS = ['gateway-1', 'gateway-2'];
const natsConf = readFileSync(join(ROOT_DIR, 'deploy/nats/cluster.conf'), 'utf8');
const haproxy = readFileSync(join(ROOT_DIR, 'deploy/haproxy/haproxy.cfg'), 'utf8');
/** `${NAME:-default}` → default, `${NAME:?msg}` → a value env.ts accepts, as compose would substitute them. */
const substitute = (v: string) => v.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_m, name: string, fallback?: string) => fallback ?? (name === 'JWT_SECRET' ? 'x'.repeat(32) : ''));

describe('docker-compose.yml', () => {
  it('runs a 3-node NATS cluster, its trust chain, Postgres, two gateways, the proxy and the simulator', () => {
    expect(Object.keys(services).sort()).toEqual([...NODES, ...GATEWAYS, 'nats-auth', 'postgres', 'proxy', 'simulator'].sort());
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['nats-auth', 'nats-trust', ...NODES, 'pg-data']));
  });

  it('gives each NATS node the config file and every variable it reads, with routes to the other two', () => {
    const variables = [...new Set([...natsConf.matchAll(/\$(\w+)/g)].map((m) => m[1]!))];
    expect(variables).toEqual(expect.arrayContaining(['NATS_NAME', 'NATS_PORT', 'NATS_WS_PORT', 'NATS_CLUSTER_PORT', 'NATS_STORE_DIR', 'NATS_ROUTE_A', 'NATS_ROUTE_B']));
    expect(natsConf).toMatch(/include \.\/auth\/auth\.conf/);
    for (const name of NODES) {
      const s = services[name]!;
      expect(s.command).toEqual(['-c', '/etc/nats/cluster.conf']);
      expect(s.volumes).toEqual(expect.arrayContaining(['./deploy/nats/cluster.conf:/etc/nats/cluster.conf:ro', 'nats-trust:/etc/nats/auth:ro', `${name}:/data`]));
      // The gateways' keys (the account seed above all) stay out of the nodes.
      expect(s.volumes!.filter((v) => v.startsWith('nats-auth:')), name).toEqual([]);
      for (const v of variables) expect(s.environment?.[v], `${name} ${v}`).toBeTruthy();
      expect(s.environment!.NATS_NAME).toBe(name);
      const routes = [s.environment!.NATS_ROUTE_A, s.environment!.NATS_ROUTE_B].sort();
      expect(routes).toEqual(NODES.filter((n) => n !== name).map((n) => `nats://${n}:${s.environment!.NATS_CLUSTER_PORT}`).sort());
      expect(s.depends_on?.['nats-auth']?.condition).toBe('service_completed_successfully');
    }
    const auth = services['nats-auth']!;
    const script = auth.command!.slice(auth.command!.indexOf('run') + 1)[0]!;
    expect(JSON.parse(readFileSync(join(ROOT_DIR, 'gateway/package.json'), 'utf8')).scripts[script]).toBeTruthy();
    // The script's two folders: the whole chain for the gateways, the nodes' part for the nodes.
    const [gatewayDir, serverDir] = auth.command!.slice(auth.command!.indexOf('--') + 1);
    expect(auth.volumes).toEqual(expect.arrayContaining([`nats-auth:${gatewayDir}`, `nats-trust:${serverDir}`]));
  });

  it('gives the nodes\' folder the public trust chain only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wdiov-trust-'));
    try {
      const auth = await createNatsAuth();
      await writeServerTrust(dir, auth);
      expect(readdirSync(dir)).toEqual([AUTH_FILES.serverConfig]);
      const conf = readFileSync(join(dir, AUTH_FILES.serverConfig), 'utf8');
      expect(conf).toContain('resolver_preload');
      for (const secret of [auth.accountSeed, auth.revocation!.operatorSigningSeed]) expect(conf).not.toContain(secret);
      expect(conf).not.toMatch(/SEED|-----BEGIN/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('configures the gateways only with settings env.ts knows and accepts, pointing at the cluster', () => {
    const known = new Set(Object.keys(EnvSchema.shape));
    for (const name of GATEWAYS) {
      const s = services[name]!;
      const env = Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, substitute(String(v))]));
      expect(Object.keys(env).filter((k) => !known.has(k)), `${name}: unknown settings`).toEqual([]);
      const parsed = loadEnv(env);
      expect(parsed.NATS_URL!.split(',').sort()).toEqual(NODES.map((n) => `nats://${n}:${services[n]!.environment!.NATS_PORT}`).sort());
      expect(parsed.NATS_STREAM_REPLICAS).toBe(3);
      expect(s.volumes).toContain(`nats-auth:${parsed.NATS_AUTH_DIR}:ro`);
      expect(new URL(parsed.DATABASE_URL!).hostname).toBe('postgres');
      expect(parsed.NATS_WS_URL).toMatch(/^wss?:\/\/.+\/nats$/);
      // Reached through the proxy only.
      expect(s.ports ?? []).toEqual([]);
      expect(s.expose).toEqual(expect.arrayContaining([String(parsed.PORT), String(parsed.INGEST_PORT)]));
    }
    expect(services['gateway-2']!.environment!.DEMO_FLEET).toBe('off');
  });

  it('puts one address in front: HTTP and sockets, nats.ws and TCP ingest spread over the replicas that are ready', () => {
    const proxy = services.proxy!;
    expect(proxy.ports).toEqual(['8080:8080', '32960:32960']);
    const port = services['nats-1']!.environment!.NATS_WS_PORT;
    for (const g of GATEWAYS) {
      expect(haproxy).toContain(`server ${g} ${g}:8080 check`);
      expect(haproxy).toContain(`server ${g} ${g}:32960 check port 8080`);
    }
    for (const n of NODES) expect(haproxy).toContain(`server ${n} ${n}:${port} check`);
    expect(haproxy.match(/option httpchk GET \/api\/ready/g)).toHaveLength(2);
    expect(haproxy).toMatch(/use_backend nats_ws if \{ path_beg \/nats \}/);
    expect(proxy.volumes).toContain('./deploy/haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    for (const file of ['deploy/haproxy/haproxy.cfg', 'deploy/nats/cluster.conf']) expect(existsSync(join(ROOT_DIR, file))).toBe(true);
    const sim = services.simulator!.command!;
    expect(sim[sim.indexOf('--host') + 1]).toBe('proxy');
    expect(sim[sim.indexOf('--port') + 1]).toBe('32960');
  });
});
