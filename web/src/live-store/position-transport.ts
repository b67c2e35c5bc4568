import { PackedFrameReader, type PositionBatch } from './packed-positions';
import { PositionPacker } from './position-packer';
import { openPositionSocket, type PositionRequest, type PositionSocketFactory } from './position-socket';
import type { FromPositionWorker, ToPositionWorker } from './position-worker-protocol';

export interface PositionSink {
  batch(batch: PositionBatch): void;
  /** The socket closed by itself: the channel reopens it later. */
  closed(): void;
}

/**
 * Where the map's position socket is read and decoded. One transport is one numbering of
 * vehicles (one packer): its batches share one id → VIN list for as long as it lives.
 */
export interface PositionTransport {
  open(url: string, request: PositionRequest, sink: PositionSink): void;
  /** Unsubscribes and closes the open socket; nothing more is reported for it. */
  close(): void;
  dispose(): void;
}

/**
 * Socket and decoding on this thread: environments without Worker (jsdom in the tests), and
 * the fallback when the worker cannot start. Same packer and format as the worker.
 */
export function threadTransport(createSocket?: PositionSocketFactory): PositionTransport {
  const packer = new PositionPacker();
  const reader = new PackedFrameReader();
  let close: (() => void) | null = null;
  return {
    open(url, request, sink) {
      close?.();
      close = openPositionSocket(url, request, packer, {
        frame: (frame) => sink.batch(reader.read(frame)),
        closed: () => {
          close = null;
          sink.closed();
        },
      }, createSocket);
    },
    close() {
      close?.();
      close = null;
    },
    dispose() {
      this.close();
    },
  };
}

/** The parts of a Worker the transport uses (a test double wires it to the worker's side). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<FromPositionWorker>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: ToPositionWorker): void;
  terminate(): void;
}

/** Vite emits the worker as its own chunk from this exact `new Worker(new URL(…))` form. */
const spawnPositionWorker = (): WorkerLike =>
  new Worker(new URL('./position.worker.ts', import.meta.url), { type: 'module', name: 'live-positions' });

/**
 * The socket lives in a dedicated worker that parses and packs each frame and transfers the
 * columns; the main thread only appends new VINs to the id list and passes the batch on.
 *
 * Why the worker owns the socket rather than being handed each frame's text: a text frame
 * becomes a JS string on the thread that owns the socket (for 50,000 vehicles ~8 MB, decoded
 * from UTF-8), and a string cannot be transferred, only copied again into the worker. Owning
 * the socket keeps both off the main thread. This is the map's own subscription socket; the
 * shell's socket (heartbeat, 1200 alarm cards, 8860 kick: a few small messages a minute, each
 * ending in UI work) stays on the main thread with its state machine, and never carries
 * positions (it does not subscribe).
 *
 * If the worker fails (cannot load, or dies), the transport carries on on this thread.
 */
export function workerTransport(createWorker: () => WorkerLike = spawnPositionWorker, createSocket?: PositionSocketFactory): PositionTransport {
  const worker = createWorker();
  const reader = new PackedFrameReader();
  let connection = 0;
  let sink: PositionSink | null = null;
  let opened: { url: string; request: PositionRequest } | null = null;
  let fallback: PositionTransport | null = null;

  worker.onmessage = ({ data: message }) => {
    if (message.type === 'frame') {
      // Read every frame, stale or not: its new VINs keep the id list in step with the packer.
      const batch = reader.read(message.frame);
      if (message.connection === connection) sink?.batch(batch);
    } else if (message.type === 'closed' && message.connection === connection && sink) {
      const closed = sink;
      sink = null;
      closed.closed();
    }
  };
  worker.onerror = (event) => {
    console.error('position worker failed: reading positions on the main thread', event);
    worker.terminate();
    fallback = threadTransport(createSocket);
    if (sink && opened) fallback.open(opened.url, opened.request, sink);
  };

  return {
    open(url, request, next) {
      if (fallback) return fallback.open(url, request, next);
      connection++;
      sink = next;
      opened = { url, request };
      worker.postMessage({ type: 'open', connection, url, request });
    },
    close() {
      if (fallback) return fallback.close();
      sink = null;
      opened = null;
      worker.postMessage({ type: 'close', connection });
    },
    dispose() {
      sink = null;
      worker.onmessage = null;
      if (fallback) fallback.dispose();
      // The worker unsubscribes, closes its socket and exits by itself (terminate would cut
      // the queued unsubscribe off).
      else worker.postMessage({ type: 'dispose' });
    },
  };
}

/** A worker where the platform has one; this thread otherwise (jsdom, some embedded views). */
export const defaultPositionTransport = (): PositionTransport => (typeof Worker === 'undefined' ? threadTransport() : workerTransport());
