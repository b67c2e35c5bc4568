import type { HttpClient } from '../api/http';
import { formatSlot, type TimeSlot } from './time-slot';
import { asRecord, pickText, readData, readPage, type PageOf } from './wire-parse';

export interface MessageQuery {
  vin: string;
  slot: TimeSlot | null;
  /** '' every command, else the command id (2 realtime, 3 reissue …). */
  command: string;
}

/** dataMessage/dataMessageList: raw frames, newest first (the gateway defaults to the last day). */
export async function fetchMessages(http: HttpClient, q: MessageQuery, current: number, size: number): Promise<PageOf> {
  const params = {
    vin: q.vin.trim() || undefined,
    command: q.command || undefined,
    timeSlot: q.slot ? formatSlot(q.slot) : undefined,
    current,
    size,
  };
  return readPage(await http.get('/wdiov-base/dataMessage/dataMessageList', params));
}

/** dataMessageDetail {id}: only the hex is used; the browser decodes it with the contracts codec. */
export async function fetchMessageHex(http: HttpClient, id: string): Promise<string> {
  const d = asRecord(readData(await http.post('/wdiov-base/dataMessage/dataMessageDetail', { id })));
  return pickText(d, 'hex', 'rawHex', 'message', 'data');
}
