/**
 * A stand-in for the gateway's TCP ingest, for tests and the throughput measurement:
 * splits the stream with the codec's framer, decodes every frame, answers login,
 * heartbeat and time sync as the standard says, rejects unknown VINs, never acks a
 * successful realtime report, and keeps what it received.
 */
import net from 'node:net';
import {
  Command, ResponseFlag, buildErrorAck, buildHeartbeatAck, buildLoginAck, buildTimeSyncAck, createFramer, decodeFrame,
  gbTimeFromEpochMs, type Frame,
} from '@wdiov/contracts/protocol/index';

export interface Received {
  frame: Frame;
  bytes: Uint8Array;
  /** Connection number (1-based, in accept order). */
  connection: number;
  atMs: number;
}

export interface FakeIngest {
  port: number;
  received: Received[];
  /** Frames that failed to decode (should stay empty). */
  undecodable: string[];
  connections: number;
  /** Drops every open connection (to test reconnects). */
  dropAll(): void;
  close(): Promise<void>;
}

export interface FakeIngestOptions {
  /** VINs allowed to log in (default: all). */
  knownVins?: ReadonlySet<string>;
  /** Keep decoded frames (default true; the throughput sink only counts). */
  keep?: boolean;
  onFrame?: (bytes: Uint8Array) => void;
}

export async function startFakeIngest(opts: FakeIngestOptions = {}): Promise<FakeIngest> {
  const sockets = new Set<net.Socket>();
  const state: FakeIngest = {
    port: 0, received: [], undecodable: [], connections: 0,
    dropAll: () => sockets.forEach((s) => s.destroy()),
    close: () => new Promise((resolve) => {
      state.dropAll();
      server.close(() => resolve());
    }),
  };
  const keep = opts.keep ?? true;
  const server = net.createServer((socket) => {
    const connection = ++state.connections;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const framer = createFramer();
    socket.on('data', (chunk) => {
      for (const bytes of framer.push(chunk)) {
        opts.onFrame?.(bytes);
        if (!keep && bytes[2] !== Command.vehicleLogin && bytes[2] !== Command.heartbeat && bytes[2] !== Command.timeSync) continue;
        const result = decodeFrame(bytes);
        if (!result.ok) {
          state.undecodable.push(result.reason);
          continue;
        }
        const frame = result.frame;
        if (keep) state.received.push({ frame, bytes, connection, atMs: Date.now() });
        if (frame.command === Command.vehicleLogin) {
          const known = !opts.knownVins || opts.knownVins.has(frame.vin);
          const refusal = frame.edition === '2016' ? ResponseFlag.error : ResponseFlag.vinNotFound;
          socket.write(known ? buildLoginAck(frame) : buildErrorAck(frame, refusal, 'time' in frame.body ? frame.body.time : undefined));
        } else if (frame.command === Command.heartbeat) {
          socket.write(buildHeartbeatAck(frame));
        } else if (frame.command === Command.timeSync) {
          socket.write(buildTimeSyncAck(frame, gbTimeFromEpochMs(Date.now())));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  return state;
}
