/**
 * Test doubles for the position channel (tests only): a WebSocket that records what was sent,
 * and a Worker pair that runs the worker's side in this thread with asynchronous delivery,
 * as a real worker has it.
 */
import type { FromPositionWorker, PositionWorkerScope, ToPositionWorker } from './position-worker-protocol';
import type { WorkerLike } from './position-transport';

export class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: Array<{ cmd: number; data: unknown }> = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url = '') {}
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  /** The server or the network dropped it. */
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

/** Sockets made so far, and a factory that makes them (as `(url) => WebSocket`). */
export function socketFactory() {
  const sockets: FakeSocket[] = [];
  const create = (url: string) => {
    const ws = new FakeSocket(url);
    sockets.push(ws);
    return ws as unknown as WebSocket;
  };
  return { sockets, create };
}

/**
 * A Worker whose other end is a `PositionWorkerScope` in this thread. Messages wait in queues
 * until `deliver()`, and a transferred buffer is detached from the sender, as `postMessage`
 * with a transfer list does (structuredClone with `transfer`).
 */
export class FakeWorkerPair {
  toWorker: ToPositionWorker[] = [];
  toMain: FromPositionWorker[] = [];
  transfers: Transferable[][] = [];
  terminated = false;

  readonly scope: PositionWorkerScope = {
    onmessage: null,
    postMessage: (message, transfer) => {
      this.transfers.push(transfer);
      this.toMain.push(structuredClone(message, { transfer }));
    },
    close: () => {
      this.terminated = true;
    },
  };

  readonly worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (message) => {
      this.toWorker.push(structuredClone(message));
    },
    terminate: () => {
      this.terminated = true;
    },
  };

  /** Delivers every queued message, both ways, until nothing is left. */
  deliver(): void {
    while (this.toWorker.length || this.toMain.length) {
      if (this.terminated) return;
      const down = this.toWorker.shift();
      if (down) this.scope.onmessage?.({ data: down } as MessageEvent<ToPositionWorker>);
      const up = this.toMain.shift();
      if (up) this.worker.onmessage?.({ data: up } as MessageEvent<FromPositionWorker>);
    }
  }

  /** The worker script failed (did not load, or threw). */
  fail(): void {
    this.worker.onerror?.({ message: 'boom' } as ErrorEvent);
  }
}
