import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { filter, throttleTime, type Observable } from 'rxjs';
import { z } from 'zod';
import { SocketCmd, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { HttpClient } from '../api/http';
import type { DataBoardData } from './stats-api';

/** dataBoard/now: the home board's figures that are right from the first second (latest state, stored events). */
const count = z.number().int().nonnegative().catch(0);
const events = z.object({ alarms: count, faults: count, fences: count });
const boardNow = z.object({
  fleet: z.object({ total: count, online: count, offline: count, driving: count, parked: count, charging: count, alarm: count, onlineRate: z.number().catch(0) }),
  signedInAt: z.string().catch(''),
  sinceSignIn: events,
  today: events.extend({ date: z.string().catch('') }),
  topAlarms: z.array(z.object({ vin: z.string(), plateNumber: z.string().catch(''), alarmCount: count })).catch([]),
});
export type BoardNow = z.infer<typeof boardNow>;

export const BOARD_NOW_KEY = ['dataBoard', 'now'] as const;
/** Read again this often, and at once (at most every few seconds) when a card arrives. */
const REFRESH_MS = 15_000;
const CARD_REFRESH_MS = 3_000;

export async function loadBoardNow(http: HttpClient): Promise<BoardNow> {
  return boardNow.parse((await http.get('/wdiov-base/dataBoard/now', undefined, { quiet: true }) as { data: unknown }).data);
}

export function useBoardNow(http: HttpClient) {
  return useQuery({ queryKey: BOARD_NOW_KEY, queryFn: () => loadBoardNow(http), refetchInterval: REFRESH_MS });
}

/** Each card the socket brings makes the board read its figures again (throttled: a burst is one read). */
export function useRefreshOnCards(messages: Observable<ServerSocketMessage>) {
  const queries = useQueryClient();
  useEffect(() => {
    const sub = messages.pipe(
      filter((m) => m.cmd === SocketCmd.alarmCard),
      throttleTime(CARD_REFRESH_MS, undefined, { leading: true, trailing: true }),
    ).subscribe(() => void queries.invalidateQueries({ queryKey: BOARD_NOW_KEY }));
    return () => sub.unsubscribe();
  }, [messages, queries]);
}

/**
 * The rollups' board with the live figures laid over it: the fleet from the latest state, today's
 * alarm and fault bar and the ranking from the stored events (the rollups follow minutes late).
 */
export function withLiveFigures(d: DataBoardData, now: BoardNow | undefined): DataBoardData {
  if (!now) return d;
  const alarms = d.alarms.map((a) => (a.date === now.today.date ? { ...a, alarmCount: now.today.alarms, faultCount: now.today.faults } : a));
  return { ...d, alarms, fleet: now.fleet, topAlarms: now.topAlarms };
}
