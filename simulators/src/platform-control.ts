/**
 * Commands to a simulated superior platform, from an HTTP control port or from stdin lines:
 * `refuse`, `accept`, `drop`, `stop`, `start`, `records`. The HTTP form is `POST /<command>`
 * (or GET /records); every answer is the platform's state as JSON.
 */
import { createServer, type Server } from 'node:http';
import { createInterface } from 'node:readline';
import type { SuperiorPlatform } from './superior-platform.ts';

export const PLATFORM_COMMANDS = ['refuse', 'accept', 'drop', 'stop', 'start', 'records'] as const;
export type PlatformCommand = (typeof PLATFORM_COMMANDS)[number];

export const isPlatformCommand = (s: string): s is PlatformCommand => (PLATFORM_COMMANDS as readonly string[]).includes(s);

/** Runs one command; resolves with the platform's state afterwards. */
export async function runPlatformCommand(platform: SuperiorPlatform, command: PlatformCommand) {
  switch (command) {
    case 'refuse': platform.refuse(true); break;
    case 'accept': platform.refuse(false); break;
    case 'drop': platform.drop(); break;
    case 'stop': await platform.stop(); break;
    case 'start': await platform.listen(); break;
    case 'records': break;
  }
  return { listening: platform.listening, links: platform.linkCount, ...platform.records };
}

/** The HTTP control port; resolves once listening, with the server (close it to stop). */
export async function startControlServer(platform: SuperiorPlatform, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const command = (req.url ?? '/').replace(/^\/+/, '').split('?')[0]!;
    const allowed = isPlatformCommand(command) && (req.method === 'POST' || (req.method === 'GET' && command === 'records'));
    if (!allowed) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ msg: `commands: POST /${PLATFORM_COMMANDS.join(', /')}` }));
      return;
    }
    runPlatformCommand(platform, command).then(
      (state) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state)),
      (e: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ msg: String(e) })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

/** Reads commands from stdin, one a line, printing the state after each. */
export function readStdinCommands(platform: SuperiorPlatform, print: (line: string) => void): void {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const command = line.trim();
    if (command === '') return;
    if (!isPlatformCommand(command)) return print(`commands: ${PLATFORM_COMMANDS.join(', ')}`);
    void runPlatformCommand(platform, command).then((state) => print(JSON.stringify(state)));
  });
}
