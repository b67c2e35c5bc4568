import { missedCardsRoute } from '@wdiov/contracts/api/missed-cards.route';
import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import { callRoute } from '../api/call-route';
import type { HttpClient } from '../api/http';

/** The gateway's cards opened since a time (alarms, faults, fence events) in the caller's scope, oldest first. */
export function fetchMissedCards(http: HttpClient, since: number): Promise<AlarmCardData[]> {
  // Quiet: a failed catch-up is asked again later, never a toast per try.
  return callRoute(http, missedCardsRoute, { query: { since: Math.max(0, Math.floor(since)) } }, { quiet: true });
}
