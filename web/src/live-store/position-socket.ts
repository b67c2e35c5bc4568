import type { PackedFrame } from './packed-positions';
import { PositionCmd } from './position-frame';
import type { PositionPacker } from './position-packer';

export type PositionSocketFactory = (url: string) => WebSocket;

/** What the live map subscribes to: every vehicle in the user's scope, or these. */
export interface PositionRequest {
  vins?: string[];
}

export interface PositionSocketSink {
  frame(frame: PackedFrame): void;
  /** The socket closed or failed by itself (not after the returned close function). */
  closed(): void;
}

/** WebSocket.OPEN, spelled out: a worker or a test double may lack the static. */
const OPEN = 1;

const clientFrame = (cmd: number, data: unknown) => JSON.stringify({ code: 0, cmd, msg: '', data, ts: Date.now() });

/**
 * One position subscription on the position socket: cmd 1301 once open, every position frame
 * packed as it arrives, and cmd 1302 before closing when we close it. Cards and forced logouts
 * travel on the shell's online-user socket (live-link.machine.ts); the gateway closes this one on a
 * forced logout. Runs in the position worker, or on the main thread where there is no Worker.
 */
export function openPositionSocket(
  url: string,
  request: PositionRequest,
  packer: PositionPacker,
  sink: PositionSocketSink,
  createSocket: PositionSocketFactory = (u) => new WebSocket(u),
): () => void {
  const ws = createSocket(url);
  ws.onopen = () => ws.send(clientFrame(PositionCmd.subscribe, request));
  ws.onmessage = (event: MessageEvent) => {
    const frame = packer.pack(event.data);
    if (frame && frame.count > 0) sink.frame(frame);
  };
  // A close always follows an error; the channel retries on the close.
  ws.onerror = () => undefined;
  ws.onclose = () => sink.closed();
  return () => {
    ws.onclose = null;
    ws.onmessage = null;
    if (ws.readyState === OPEN) ws.send(clientFrame(PositionCmd.unsubscribe, undefined));
    ws.close();
  };
}
