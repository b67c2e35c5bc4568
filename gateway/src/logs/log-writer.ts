import { hostname } from 'node:os';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { logApiTable, logErrorTable, logOperationTable, logUsualTable } from '../db/schema/index.ts';
import { nextId } from '../lib/ids.ts';

type Row = Record<string, unknown>;
const FLUSH_MS = 1000;
const MAX_BATCH = 500;
/** Beyond this many waiting rows the oldest are dropped (and counted): a stuck database must not eat the heap. */
const MAX_PENDING = 50_000;

/**
 * Writes api, error, operation and usual logs in batches off the request path: a request only appends
 * to a buffer, a timer writes multi-row inserts. A failed write is logged, never thrown at a
 * request.
 */
export class LogWriter {
  private pending = new Map<PgTable, Row[]>();
  private timer: NodeJS.Timeout;
  private readonly host = hostname();
  dropped = 0;

  constructor(private readonly db: Db, private readonly logger: Logger, private readonly serviceId = 'wdiov-gateway') {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  private push(table: PgTable, row: Row) {
    const list = this.pending.get(table) ?? [];
    if (list.length >= MAX_PENDING) {
      list.shift();
      this.dropped++;
    }
    list.push({ id: nextId(), isDeleted: 0, serviceId: this.serviceId, serverHost: this.host, env: 'prod', createTime: new Date(), ...row });
    this.pending.set(table, list);
  }

  api(row: Row) {
    this.push(logApiTable, row);
  }

  error(row: Row) {
    this.push(logErrorTable, row);
  }

  /** One write of one row by a user (operation-log.ts words it). */
  operation(row: Row) {
    this.push(logOperationTable, row);
  }

  usual(row: Row) {
    this.push(logUsualTable, { logLevel: 'INFO', ...row });
  }

  async flush(): Promise<void> {
    for (const [table, rows] of this.pending) {
      while (rows.length > 0) {
        const batch = rows.splice(0, MAX_BATCH);
        try {
          await this.db.insert(table).values(batch);
        } catch (err) {
          this.logger.error({ err, rows: batch.length }, 'log write failed');
        }
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
