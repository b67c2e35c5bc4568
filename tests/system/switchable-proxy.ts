import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP relay in front of several ingest ports: new connections go to the current target;
 * move() sends every vehicle elsewhere the way a load balancer does when a gateway drains.
 * A moved connection is half-closed toward the terminal first, so each frame it had already
 * sent still reaches the gateway it was sent to; the terminal then reconnects, to the new target.
 */
export async function switchableProxy(initialPort: number) {
  let target = initialPort;
  const links = new Set<{ client: Socket; upstream: Socket }>();
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    const link = { client, upstream };
    links.add(link);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      links.delete(link);
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
    async close() {
      for (const { client, upstream } of links) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
