/**
 * Replays recorded frames: in file order, with their recorded spacing when the file has
 * times (as fast as possible otherwise), one TCP connection per VIN as real terminals
 * would use, opened on that VIN's first frame. Frames are sent as recorded (their own
 * times and login serials); acks are read through the codec's framer and counted.
 */
import net from 'node:net';
import { Command, ResponseFlag, createFramer } from '@wdiov/contracts/protocol/index';
import type { RecordedFrame } from './recording.ts';
import type { FleetStats } from './stats.ts';

export interface ReplayOptions {
  host: string;
  port: number;
  /** Aborts the replay (Ctrl-C); open connections are closed. */
  signal?: AbortSignal;
  /** How long to wait for trailing acks after the last frame. */
  drainMs?: number;
}

interface Link {
  socket: net.Socket;
  connected: Promise<void>;
}

// The 17-byte unique-id field (bytes 4..20) names the terminal; short garbage shares one link.
function vinOf(bytes: Uint8Array): string {
  return bytes.length >= 21 ? Buffer.from(bytes.subarray(4, 21)).toString('latin1') : '';
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export async function replay(frames: readonly RecordedFrame[], opts: ReplayOptions, stats: FleetStats): Promise<void> {
  const links = new Map<string, Link>();
  const open = (vin: string): Link => {
    let link = links.get(vin);
    if (link) return link;
    const socket = net.createConnection({ host: opts.host, port: opts.port });
    socket.setNoDelay(true);
    const framer = createFramer();
    socket.on('data', (chunk: Buffer) => {
      for (const ack of framer.push(chunk)) {
        stats.acksReceived++;
        if (ack[2] === Command.vehicleLogin) {
          if (ack[3] === ResponseFlag.success) stats.logins++;
          else stats.loginsRejected++;
        } else if (ack[3] !== ResponseFlag.success) stats.errors++;
      }
    });
    socket.on('close', () => {
      if (links.get(vin)?.socket === socket) links.delete(vin);
    });
    const connected = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => {
        stats.connected++;
        socket.on('close', () => stats.connected--);
        resolve();
      });
      socket.once('error', reject);
    });
    socket.on('error', () => stats.errors++);
    link = { socket, connected };
    links.set(vin, link);
    return link;
  };

  const start = Date.now();
  try {
    for (const frame of frames) {
      if (opts.signal?.aborted) break;
      if (frame.ms !== null) await sleep(start + frame.ms - Date.now(), opts.signal);
      const link = open(vinOf(frame.bytes));
      try {
        await link.connected;
      } catch {
        continue; // counted as an error; the next frame of this VIN tries a new connection
      }
      link.socket.write(frame.bytes);
      stats.framesSent++;
      stats.bytesSent += frame.bytes.length;
      if (frame.bytes[2] === Command.realtime) stats.realtimeSent++;
      else if (frame.bytes[2] === Command.reissue) stats.reissueSent++;
      else if (frame.bytes[2] === Command.vehicleLogout) stats.logouts++;
    }
    await sleep(opts.drainMs ?? 500, opts.signal);
  } finally {
    await Promise.all([...links.values()].map(({ socket }) => new Promise<void>((resolve) => {
      if (socket.destroyed) return resolve();
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 2_000).unref();
    })));
  }
}
