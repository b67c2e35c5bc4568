import type { PackedFrame } from './packed-positions';
import { PositionPacker } from './position-packer';
import { openPositionSocket, type PositionRequest, type PositionSocketFactory } from './position-socket';

/**
 * Messages between the main thread and the position worker. `connection` numbers each open:
 * after a close and a reopen, a frame or close still in flight from the old socket is told
 * apart (its frames still count for the id list, nothing else).
 */
export type ToPositionWorker =
  | { type: 'open'; connection: number; url: string; request: PositionRequest }
  | { type: 'close'; connection: number }
  /** Close the socket (unsubscribing) and exit: `terminate()` would drop the unsubscribe. */
  | { type: 'dispose' };

export type FromPositionWorker =
  | { type: 'frame'; connection: number; frame: PackedFrame }
  | { type: 'closed'; connection: number };

/** The parts of a dedicated worker's global scope (or of a test double) the worker uses. */
export interface PositionWorkerScope {
  onmessage: ((event: MessageEvent<ToPositionWorker>) => void) | null;
  postMessage(message: FromPositionWorker, transfer: Transferable[]): void;
  close(): void;
}

/**
 * The worker's side: at most one socket at a time, one packer for the worker's life (so ids
 * survive reconnects). Each frame's buffer is transferred, not copied.
 */
export function servePositionSockets(scope: PositionWorkerScope, createSocket?: PositionSocketFactory): void {
  const packer = new PositionPacker();
  let current: { connection: number; close: () => void } | null = null;
  scope.onmessage = ({ data: message }) => {
    if (message.type === 'open') {
      current?.close();
      const { connection } = message;
      const close = openPositionSocket(message.url, message.request, packer, {
        frame: (frame) => scope.postMessage({ type: 'frame', connection, frame }, [frame.buffer]),
        closed: () => scope.postMessage({ type: 'closed', connection }, []),
      }, createSocket);
      current = { connection, close };
    } else if (message.type === 'close' && current?.connection === message.connection) {
      current.close();
      current = null;
    } else if (message.type === 'dispose') {
      current?.close();
      current = null;
      scope.close();
    }
  };
}
