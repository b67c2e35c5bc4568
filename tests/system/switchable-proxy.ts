import { createServer, connect, type Socket } from 'node:net';

export interface ProxyOptions {
  /** Called once per terminal connection: what it returns sees every chunk relayed to the gateway. */
  tap?: () => (chunk: Buffer) => void;
}

/**
 * A TCP relay in front of several ingest ports: new connections go to the current target;
 * move() sends every vehicle elsewhere the way a load balancer does when a gateway drains.
 * A moved connection is half-closed toward the terminal first, so each frame it had already
 * sent still reaches the gateway it was sent to; the terminal then reconnects, to the new target.
 * cut() is a gateway dying instead: the terminals' connections are reset with no warning.
 */
export async function switchableProxy(initialPort: number, options: ProxyOptions = {}) {
  let target = initialPort;
  const links = new Set<{ client: Socket; upstream: Socket; cut?: boolean }>();
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    const link: { client: Socket; upstream: Socket; cut?: boolean } = { client, upstream };
    links.add(link);
    const tap = options.tap?.();
    if (tap) client.on('data', tap);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      links.delete(link);
      // A cut link's gateway side closes on its own once what was relayed is flushed.
      if (link.cut) return;
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    port,
    move(toPort: number) {
      target = toPort;
      for (const { client, upstream } of links) {
        upstream.unpipe(client);
        client.end();
      }
    },
    /**
     * Resets every terminal's connection at once and sends reconnections to `toPort`. What was
     * already relayed (and tapped) is still flushed to the old gateway before its side closes;
     * what a terminal had in flight is lost, as it is when a host dies.
     */
    cut(toPort: number) {
      target = toPort;
      for (const link of [...links]) {
        link.cut = true;
        links.delete(link);
        link.client.unpipe(link.upstream);
        link.upstream.unpipe(link.client);
        link.client.removeAllListeners('data');
        link.client.resetAndDestroy();
        link.upstream.end();
      }
    },
    async close() {
      for (const { client, upstream } of links) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
