import type { Logger } from 'pino';
import { decodeRawFrameBatchBytes, rawFrame, streams, type Telemetry } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import type { DurableConsumer, DurableMsg, MessageBus } from '../bus/bus.ts';
import { bulkTarget } from '../db/bulk-insert.ts';
import { nextId } from '../lib/ids.ts';
import { positionId, positionRows } from '../live/position-writer.ts';
import { bulkWriter, pruneKeys, tableRows, type BulkWriter, type KeyedRows } from '../live/staged-copy.ts';

/** Stream messages per insert: each is a batch of up to 1,000 frames already. */
const MESSAGES_PER_INSERT = 8;
/**
 * Writes at once: while Postgres takes one, the next is decoded and formatted (messages are
 * independent; each carries its key), so the two cores are both at work.
 */
const WRITES_IN_FLIGHT = 2;
/** How often the keys of written messages past their retention are deleted. */
const PRUNE_EVERY_MS = 3600_000;
const dec = new TextDecoder();

/** `frame`: the frame's bytes. */
export interface RawFrameRow { id: string; tenantId: string; vin: string; command: number; receivedAt: number; frame: Uint8Array }

/** The raw-frame table's bulk write (COPY or `unnest`), one row per frame. */
export const rawFrameRows = bulkTarget<RawFrameRow>('wdiov_raw_frame', [
  { name: 'id', type: 'bigint', value: (r) => r.id },
  { name: 'tenant_id', type: 'text', value: (r) => r.tenantId },
  { name: 'vin', type: 'text', value: (r) => r.vin },
  { name: 'command', type: 'integer', value: (r) => r.command },
  { name: 'received_at', type: 'timestamptz', value: (r) => r.receivedAt },
  { name: 'frame', type: 'bytea', value: (r) => r.frame },
], { conflict: ['id'] });

/**
 * Writes the raw-frame stream to wdiov_raw_frame, and the snapshots its batches carry to
 * wdiov_position (position history). Every gateway binds the same durable
 * consumer, so batches are shared out and each is written by one gateway; a message is acked
 * only after its rows are written, and each frame carries its row id, so a redelivery (after a
 * crash between write and ack) stores nothing twice. Rows go in by COPY through staging tables on
 * Postgres (staged-copy.ts), by `unnest` on PGlite. Messages are column batches
 * (decodeRawFrameBatchBytes: binary, or the JSON of earlier gateways); single frames (rawFrame) queued
 * by still earlier gateways are read too.
 */
export class RawFramePersister {
  private consumer?: DurableConsumer;
  written = 0;
  /** Messages (or frames of a batch) that are not raw frames: skipped, never retried. */
  rejected = 0;

  private readonly writeRows: BulkWriter;

  constructor(private readonly db: Db, private readonly bus: MessageBus, private readonly logger: Logger) {
    this.writeRows = bulkWriter(db);
  }

  async start(): Promise<void> {
    this.consumer = await this.bus.consumeDurableBatch(streams.raw.name, 'wdiov-persist-raw', (msgs) => this.write(msgs), { maxBatch: MESSAGES_PER_INSERT, inFlight: WRITES_IN_FLIGHT });
  }

  /** Position rows written from the batches' snapshots. */
  positions = 0;

  private async write(msgs: DurableMsg[]): Promise<void> {
    const parts: KeyedRows[] = [];
    let [rows, positions] = [0, 0];
    for (const m of msgs) {
      const part = this.rowsOf(m);
      if (!part) continue;
      parts.push({ key: part.key, tables: [tableRows(rawFrameRows, part.rows), tableRows(positionRows, part.positions)] });
      rows += part.rows.length;
      positions += part.positions.length;
    }
    await this.writeRows(parts);
    this.written += rows;
    this.positions += positions;
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      pruneKeys(this.db).catch((err) => this.logger.warn({ err }, 'pruning written message keys failed'));
    }
  }

  private prunedAt = Date.now();

  /**
   * A message's rows and its key: the id of its first frame (ids are minted once per frame, so a
   * message published or delivered again has the same key), or of its first snapshot's row.
   */
  private rowsOf(m: DurableMsg): { key: string; rows: RawFrameRow[]; positions: Telemetry[] } | undefined {
    let batchError: unknown;
    try {
      const b = decodeRawFrameBatchBytes(m.data);
      const rows = new Array<RawFrameRow>(b.id.length);
      for (let i = 0; i < b.id.length; i++) {
        rows[i] = { id: b.id[i]!, tenantId: b.tenantId[i]!, vin: b.vin[i]!, command: b.command[i]!, receivedAt: b.receivedAt[i]!, frame: b.frame[i]! };
      }
      const positions = b.telemetry ?? [];
      const key = rows[0]?.id ?? (positions[0] && String(positionId(positions[0])));
      return key === undefined ? undefined : { key, rows, positions };
    } catch (err) {
      batchError = err;
    }
    let body: unknown;
    try {
      body = m.data[0] === 0x7b ? JSON.parse(dec.decode(m.data)) : undefined;
    } catch {
      // not JSON either: refused below
    }
    const single = rawFrame.safeParse(body);
    if (!single.success) return this.reject(m, batchError instanceof Error ? batchError.message : String(batchError));
    const r = single.data;
    const id = r.id ?? nextId();
    const frame = Buffer.from(r.hex, 'hex');
    return { key: id, rows: [{ id, tenantId: r.tenantId, vin: r.vin, command: r.command, receivedAt: r.receivedAt, frame }], positions: [] };
  }

  private reject(m: DurableMsg, reason: string): undefined {
    this.rejected++;
    this.logger.warn({ subject: m.subject, seq: m.seq, reason: reason.slice(0, 200) }, 'raw frame message skipped');
  }

  /** Stops once what the stream holds is written (an in-process stream is gone with the process). */
  async stop(): Promise<void> {
    await this.consumer?.stop({ drain: true });
    this.consumer = undefined;
  }
}
