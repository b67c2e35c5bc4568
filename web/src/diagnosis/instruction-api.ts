import {
  InstructType, issueDiagnose, issueInstruction, type IssueDiagnose, type IssueInstruction,
} from '@wdiov/contracts/diagnosis/instruction';
import type { HttpClient, QueryParams } from '../api/http';
import { dropEmpty } from '../util/validators';
import { asArray, asRecord, readData, readPage, type PageOf, type Row } from '../monitoring/wire-parse';
import { contentOf, typeOf } from './instruction-record';

const BASE = '/wdiov-base';

/**
 * Vehicles per issueDiagnose call. The gateway queries 8 terminals at once and each may take its
 * full answer time, so a call of 200 could outlast the HTTP client's 30 s limit; small calls also
 * let the screen show real progress.
 */
export const DIAGNOSE_CHUNK = 8;
export const DIAGNOSE_MAX = 200;

const asRow = (value: unknown): Row => {
  const r = asRecord(value);
  return { ...r, id: String(r.id ?? '') };
};

/** POST instructRecord/issue: waits for the terminal's answer and resolves with the final record. */
export async function issueOne(http: HttpClient, body: IssueInstruction): Promise<Row> {
  return asRow(readData(await http.post(`${BASE}/instructRecord/issue`, body)));
}

/** POST remoteDiagnose/issueDiagnose in chunks; `onChunk` reports the rows of each chunk as it ends. */
export async function issueDiagnoses(http: HttpClient, body: IssueDiagnose, onChunk: (rows: Row[]) => void): Promise<Row[]> {
  const out: Row[] = [];
  for (let i = 0; i < body.vehicleIds.length; i += DIAGNOSE_CHUNK) {
    const chunk = { ...body, vehicleIds: body.vehicleIds.slice(i, i + DIAGNOSE_CHUNK) };
    const rows = asArray(readData(await http.post(`${BASE}/remoteDiagnose/issueDiagnose`, chunk))).map(asRow);
    out.push(...rows);
    onChunk(rows);
  }
  return out;
}

export interface RecordQuery {
  vehicleId: string;
  instructType: number | null;
  instructStatus: number | null;
}

export const EMPTY_QUERY: RecordQuery = { vehicleId: '', instructType: null, instructStatus: null };

/** GET instructRecord/page, newest first. */
export async function fetchInstructionPage(http: HttpClient, query: RecordQuery, current: number, size: number): Promise<PageOf> {
  const filters = dropEmpty({ vehicleId: query.vehicleId, instructType: query.instructType ?? '', instructStatus: query.instructStatus ?? '' }) as QueryParams;
  return readPage(await http.get(`${BASE}/instructRecord/page`, { ...filters, descs: 'issue_time', current, size }));
}

export async function fetchInstruction(http: HttpClient, id: string): Promise<Row> {
  return asRow(readData(await http.get(`${BASE}/instructRecord/detail`, { id })));
}

/** The spec posts the ids in a JSON body here, unlike the generic removes. */
export async function removeInstructions(http: HttpClient, ids: string[]): Promise<void> {
  await http.post(`${BASE}/instructRecord/remove`, { ids: ids.join(',') });
}

export type RetryRequest = { kind: 'instruct'; body: IssueInstruction } | { kind: 'diagnose'; body: IssueDiagnose };

/**
 * The same instruction again, from a stored record; null when the record's content no longer
 * passes the contract (an old or hand-edited row), so nothing malformed is sent.
 */
export function retryRequestOf(row: Row): RetryRequest | null {
  const vehicleId = String(row.vehicleId ?? '');
  const remark = typeof row.remark === 'string' && row.remark ? row.remark : undefined;
  if (typeOf(row) === InstructType.diagnose) {
    const parsed = issueDiagnose.safeParse({ vehicleIds: [vehicleId], remark });
    return parsed.success ? { kind: 'diagnose', body: parsed.data } : null;
  }
  const parsed = issueInstruction.safeParse({ vehicleId, instructType: typeOf(row), content: contentOf(row), remark });
  return parsed.success ? { kind: 'instruct', body: parsed.data } : null;
}
