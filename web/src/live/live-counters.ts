import { scan, startWith, type Observable } from 'rxjs';
import { AlarmCardType, SocketCmd, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';

export interface LiveCounts {
  messages: number;
  alarms: number;
  faults: number;
  fences: number;
}

export const ZERO_COUNTS: LiveCounts = { messages: 0, alarms: 0, faults: 0, fences: 0 };

export function addMessage(counts: LiveCounts, message: ServerSocketMessage): LiveCounts {
  const next = { ...counts, messages: counts.messages + 1 };
  if (message.cmd !== SocketCmd.alarmCard) return next;
  if (message.data.type === AlarmCardType.fault) next.faults += 1;
  else if (message.data.type === AlarmCardType.fence) next.fences += 1;
  else next.alarms += 1;
  return next;
}

/** Running totals of the socket stream, for the welcome board. */
export function countLiveMessages(messages: Observable<ServerSocketMessage>): Observable<LiveCounts> {
  return messages.pipe(scan(addMessage, ZERO_COUNTS), startWith(ZERO_COUNTS));
}
