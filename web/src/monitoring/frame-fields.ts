import { decodeFrame, type Frame } from '@wdiov/contracts/protocol/index';
import { FRAME_FIELD_LABELS, FRAME_KIND_LABELS, type FrameFieldKey, type FrameKind } from '@wdiov/contracts/protocol/field-labels';
import type { Language } from '../i18n/i18n';

/** One decoded field: its dotted path, its value as text, and its nesting for indentation. */
export interface FieldRow {
  path: string;
  value: string;
  depth: number;
  /** A group's kind (a body or a realtime item): what its name says. */
  kind?: string;
}

export type ParsedFrame =
  | { ok: true; frame: Frame; rows: FieldRow[] }
  | { ok: false; error: string; reason: string; rows: FieldRow[] };

/**
 * A row's name as the standard words it in the language (`Speed (km/h)`, `车速 (km/h)`): a list's
 * entry by its kind when it has one (`Drive motor data 2`), else by its number; a field the
 * labels do not know keeps its code name.
 */
/** What a group's row shows beside its name: the kind of body or item it is, in the language. */
export function groupValue(row: FieldRow, language: Language): string {
  if (row.value !== '' || !row.kind) return row.value;
  return (FRAME_KIND_LABELS as Record<string, { zh: string; en: string }>)[row.kind]?.[language] ?? row.kind;
}

export function fieldLabel(row: FieldRow, language: Language): string {
  const last = row.path.split('.').pop() ?? '';
  const entry = /^(.*)\[(\d+)\]$/.exec(last);
  if (entry) {
    const kind = row.kind && (FRAME_KIND_LABELS as Record<string, { zh: string; en: string }>)[row.kind];
    return `${kind ? kind[language] : fieldLabel({ ...row, path: entry[1]!, kind: undefined }, language)} ${Number(entry[2]) + 1}`;
  }
  if (last === '' && row.kind) return FRAME_KIND_LABELS[row.kind as FrameKind]?.[language] ?? row.kind;
  return FRAME_FIELD_LABELS[last as FrameFieldKey]?.[language] ?? last;
}

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
    const kind = (value as { kind?: unknown }).kind;
    if (path) out.push({ path, value: '', depth, ...(typeof kind === 'string' ? { kind } : {}) });
    // A group's kind is said by its own row (its name or its value), not by a row of its own.
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) if (!(key === 'kind' && path)) flatten(v, path ? `${path}.${key}` : key, depth + (path ? 1 : 0), out);
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
