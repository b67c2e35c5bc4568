import { decodeFrame, type Frame } from '@wdiov/contracts/protocol/index';

/** One decoded field: its dotted path, its value as text, and its nesting for indentation. */
export interface FieldRow {
  path: string;
  value: string;
  depth: number;
}

export type ParsedFrame =
  | { ok: true; frame: Frame; rows: FieldRow[] }
  | { ok: false; error: string; reason: string; rows: FieldRow[] };

/** Hex text (spaces, newlines and a 0x prefix allowed) → bytes; null when not hex. */
export function hexToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/0x/gi, '').replace(/[\s,:-]+/g, '');
  if (clean.length === 0 || clean.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(clean)) return null;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Walks the decoded frame into rows. Arrays of plain values (cell voltages, probe
 * temperatures) stay one row: a row per cell would bury the other fields.
 */
export function flatten(value: unknown, path: string, depth: number, out: FieldRow[]): FieldRow[] {
  if (isPrimitive(value) || value === undefined) {
    out.push({ path, value: value === undefined ? '' : String(value), depth });
  } else if (value instanceof Uint8Array) {
    out.push({ path, value: Array.from(value, (b) => b.toString(16).padStart(2, '0')).join(' '), depth });
  } else if (Array.isArray(value)) {
    if (value.every(isPrimitive)) out.push({ path, value: value.map(String).join(', '), depth });
    else value.forEach((item, i) => flatten(item, `${path}[${i}]`, depth + 1, out));
  } else {
    if (path) out.push({ path, value: '', depth });
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) flatten(v, path ? `${path}.${key}` : key, depth + (path ? 1 : 0), out);
  }
  return out;
}

/** Decodes a raw frame in the browser with the contracts codec, field by field. */
export function parseFrameHex(hex: string): ParsedFrame {
  const bytes = hexToBytes(hex);
  if (!bytes) return { ok: false, error: 'notHex', reason: 'not hexadecimal text', rows: [] };
  const result = decodeFrame(bytes);
  if (!result.ok) {
    return { ok: false, error: result.error, reason: result.reason, rows: result.header ? flatten(result.header, '', 0, []) : [] };
  }
  return { ok: true, frame: result.frame, rows: flatten(result.frame, '', 0, []) };
}
