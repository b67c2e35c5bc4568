import { z } from 'zod';
import { alarmCardData, type AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import type { HttpClient } from '../api/http';
import { envelope } from '../api/wire';

/** The gateway's cards opened since a time (alarms, faults, fence events) in the caller's scope, oldest first. */
export const MISSED_CARDS_PATH = '/wdiov-base/vehicleAlarmData/openedSince';

export async function fetchMissedCards(http: HttpClient, since: number): Promise<AlarmCardData[]> {
  // Quiet: a failed catch-up is asked again later, never a toast per try.
  const body = await http.get(MISSED_CARDS_PATH, { since: String(Math.max(0, Math.floor(since))) }, { quiet: true });
  return envelope(z.array(alarmCardData)).parse(body).data;
}
