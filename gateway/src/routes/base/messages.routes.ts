import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import { z } from 'zod';
import { formatDateTime, idString, toPage } from '@wdiov/contracts';
import { rawFrameHex, rawFrames } from '../../db/schema/index.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { notFound } from '../../lib/api-error.ts';
import { commandText } from '../../lib/texts/command-text.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { COMMAND_NAMES, COMMAND_NAMES_EN, describeFrame } from './frame-view.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { optionalInt, pageParams, params, timeRange, vinParam } from './inputs.ts';

const LIST_MAX_MS = 31 * 86_400_000;
/** The resource a data scope names to narrow raw frames beside their vehicles' own scope. */
const FRAMES = 'dataMessage';
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const ListQuery = z.object({ vin: z.preprocess(blank, vinParam.optional()), command: optionalInt({ zh: '命令标识', en: 'Command' }, 0, 255), ...pageParams });
const DetailInput = z.object({ id: idString });
/** Commands whose data unit starts with the 6-byte data time. */
const TIMED = new Set([0x01, 0x02, 0x03, 0x04, 0x05, 0x06]);

/** A stored frame as these calls read it: its hex from whichever column holds it. */
const ROW = { id: rawFrames.id, vin: rawFrames.vin, command: rawFrames.command, receivedAt: rawFrames.receivedAt, hex: rawFrameHex };
type RawRow = { id: string; vin: string; command: number; receivedAt: Date; hex: string };

/** The data time of a frame read from its hex (bytes 24–29), '' when it has none. */
function dataTimeOf(r: RawRow): string {
  if (!TIMED.has(r.command) || r.hex.length < 62) return '';
  const b = Buffer.from(r.hex.slice(48, 60), 'hex');
  const p = (n: number) => String(n).padStart(2, '0');
  return `${2000 + b[0]!}-${p(b[1]!)}-${p(b[2]!)} ${p(b[3]!)}:${p(b[4]!)}:${p(b[5]!)}`;
}

/**
 * Message parsing (dataMessage, and vehicleBigData under the spec's other names): the raw
 * frames the gateway received from the caller's tenant's vehicles, listed by time, and one
 * decoded field by field.
 */
export function messageRoutes({ db, env, dataScopes }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;

  const summary = (r: RawRow) => ({
    id: String(r.id), vin: r.vin, command: r.command, commandName: (requestLanguage() === 'en' ? COMMAND_NAMES_EN : COMMAND_NAMES)[r.command] ?? `0x${r.command.toString(16)}`,
    receivedTime: formatDateTime(r.receivedAt, offset), dataTime: dataTimeOf(r), length: r.hex.length / 2,
  });

  /** Newest first; the range defaults to the last 24 hours and spans 31 days at most. */
  const list = async (c: Ctx) => {
    const principal = c.get('principal');
    const input = c.req.query();
    const q = parseWith(ListQuery, input);
    const range = timeRange(input, offset, { defaultMs: 86_400_000, maxMs: LIST_MAX_MS });
    const where = and(
      eq(rawFrames.tenantId, principal.tenantId), await dataScopes.ofVehicles(FRAMES, rawFrames.vin, principal), q.vin ? eq(rawFrames.vin, q.vin) : undefined,
      q.command !== undefined ? eq(rawFrames.command, q.command) : undefined,
      gte(rawFrames.receivedAt, range.start!), lte(rawFrames.receivedAt, range.end!),
    );
    const [{ total }] = (await db.select({ total: count() }).from(rawFrames).where(where)) as [{ total: number }];
    const rows = Number(total) === 0 ? [] : await db.select(ROW).from(rawFrames).where(where)
      .orderBy(desc(rawFrames.receivedAt), desc(rawFrames.id)).limit(q.size).offset((q.current - 1) * q.size);
    return data(c, toPage(rows.map(summary), Number(total), q.current, q.size));
  };
  router.get('/dataMessage/dataMessageList', list);
  router.get('/dataMessage/resolveList', list);
  router.get('/vehicleBigData/resolveList', list);

  /** `{id}` (JSON body or query): the frame with its header, data time and every info item. */
  const detail = async (c: Ctx) => {
    const principal = c.get('principal');
    const { id } = parseWith(DetailInput, await params(c));
    const [row] = await db.select(ROW).from(rawFrames).where(and(
      eq(rawFrames.id, id), eq(rawFrames.tenantId, principal.tenantId), await dataScopes.ofVehicles(FRAMES, rawFrames.vin, principal),
    )).limit(1);
    if (!row) throw notFound(commandText('frameMissing', { id }));
    return data(c, { ...summary(row), hex: row.hex, ...describeFrame(row.hex) });
  };
  router.post('/dataMessage/dataMessageDetail', detail);
  router.post('/vehicleBigData/resolveDetail', detail);

  return router;
}
