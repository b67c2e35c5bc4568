import { createActor, fromPromise } from 'xstate';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { liveLinkMachine } from '../machines/live-link.machine';
import { PackedFrameReader } from '../live-store/packed-positions';
import { PositionPacker } from '../live-store/position-packer';
import { PositionCmd } from '../live-store/position-frame';
import type { PositionTransport, PositionSink } from '../live-store/position-transport';
import { consoleNatsLink, natsLinkActor, type NatsLinkSource } from './console-nats-link';

/** Positions are handed to the map this often, coalesced per vehicle (latest wins), like the gateway's socket. */
export const NATS_FLUSH_MS = 250;

export interface NatsPositionTransportOptions {
  /** Asks the gateway for credentials for this browser's public key (null: no nats.ws feed). */
  credentials: (publicKey: string) => Promise<NatsCredentials | null>;
  /** The position socket's transport, used when there is no nats.ws feed. */
  fallback: () => PositionTransport;
  /** The console's one nats.ws link, shared with the shell's cards. */
  link?: NatsLinkSource;
}

/**
 * The map's positions straight from NATS over websockets, driven by the live link machine over nats.ws; the
 * same packed batches as the position socket, so the store and map do not know which one runs.
 * The console's one nats.ws connection carries them, with the shell's cards (console-nats-link.ts):
 * the browser keeps its user key, only the public half goes to the gateway, which signs credentials
 * for it. Where the gateway says there is no feed, the position socket is opened.
 */
export function natsPositionTransport(options: NatsPositionTransportOptions): PositionTransport {
  const source = options.link ?? consoleNatsLink;
  const packer = new PositionPacker();
  const reader = new PackedFrameReader();
  let stopRun: (() => void) | null = null;
  let fallback: PositionTransport | null = null;

  return {
    open(url, request, sink: PositionSink) {
      this.close();
      const wanted = request.vins ? new Set(request.vins) : null;
      const pending = new Map<string, LivePosition>();
      const flush = () => {
        if (pending.size === 0) return;
        const text = JSON.stringify({ code: 0, cmd: PositionCmd.positions, msg: '', ts: Date.now(), data: [...pending.values()] });
        pending.clear();
        const frame = packer.pack(text);
        if (frame && frame.count > 0) sink.batch(reader.read(frame));
      };
      const timer = setInterval(flush, NATS_FLUSH_MS);
      const machine = liveLinkMachine.provide({
        actors: {
          fetchCredentials: fromPromise(async () => ({ credentials: await options.credentials(await source.publicKey()), at: Date.now() })),
          natsLink: natsLinkActor(source, {
            onPosition: (p) => {
              if (!wanted || wanted.has(p.vin)) pending.set(p.vin, p);
            },
          }),
        },
      });
      // Positions only: cards and forced logouts reach the shell's own live link.
      const actor = createActor(machine, { input: { transport: 'nats' } });
      actor.subscribe((state) => {
        if (state.matches('unavailable') && !fallback) {
          fallback = options.fallback();
          fallback.open(url, request, sink);
        }
      });
      actor.start();
      actor.send({ type: 'OPEN' });
      stopRun = () => {
        clearInterval(timer);
        actor.stop();
      };
    },
    close() {
      stopRun?.();
      stopRun = null;
      fallback?.dispose();
      fallback = null;
    },
    dispose() {
      this.close();
    },
  };
}
