import { connect, type Socket } from 'node:net';
import { createFramer, decodeFrame } from '@wdiov/contracts/protocol/index';

/** Polls until the probe gives a truthy value (or throws after ms). */
export async function until<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A terminal on a real TCP connection, reading the gateway's answers with the codec's framer. */
export function terminal(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  const framer = createFramer();
  const answers: ReturnType<typeof decodeFrame>[] = [];
  socket.on('data', (chunk) => {
    for (const f of framer.push(new Uint8Array(chunk))) answers.push(decodeFrame(f));
  });
  return { socket, answers, send: (b: Uint8Array) => socket.write(b), ready: new Promise((r) => socket.once('connect', r)) };
}
