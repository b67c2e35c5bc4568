import { BehaviorSubject, filter, type Observable, type Subscription } from 'rxjs';
import { SocketCmd, type AlarmCardData, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { HttpClient } from '../api/http';
import { cardIdentity, cardKind, mostSevereFirst } from '../live/alarm-card-view';
import { ALARM_SOURCE, FAULT_SOURCE, handleRecords } from './record-api';

export const INBOX_SIZE = 50;

export interface InboxItem {
  key: number;
  card: AlarmCardData;
  receivedAt: number;
  handled: boolean;
  /** The remark it was handled with here. */
  handleRemark?: string;
}

/**
 * Recent alarm cards (cmd 1200), the most severe first then newest first, kept beyond the five the shell stacks so an
 * operator can work through them. Alarms and faults with a record id can be handled here.
 */
export class AlarmInbox {
  readonly items$ = new BehaviorSubject<InboxItem[]>([]);
  private nextKey = 1;
  private subscription: Subscription;

  constructor(messages$: Observable<ServerSocketMessage>, private readonly now: () => number = Date.now) {
    this.subscription = messages$.pipe(filter((m) => m.cmd === SocketCmd.alarmCard)).subscribe((m) => {
      if (m.cmd === SocketCmd.alarmCard) this.add(m.data);
    });
  }

  add(card: AlarmCardData): void {
    // A card it already lists (by kind and record id) is not listed twice.
    const id = cardIdentity(card);
    if (id !== undefined && this.items$.getValue().some((i) => cardIdentity(i.card) === id)) return;
    const item = { key: this.nextKey++, card, receivedAt: this.now(), handled: false };
    this.items$.next(mostSevereFirst([item, ...this.items$.getValue()]).slice(0, INBOX_SIZE));
  }

  dismiss(key: number): void {
    this.items$.next(this.items$.getValue().filter((i) => i.key !== key));
  }

  canHandle(item: InboxItem): boolean {
    return !item.handled && Boolean(item.card.id) && cardKind(item.card) !== 'fence';
  }

  async handle(http: HttpClient, key: number, remark: string): Promise<void> {
    const item = this.items$.getValue().find((i) => i.key === key);
    if (!item || !this.canHandle(item)) return;
    const source = cardKind(item.card) === 'fault' ? FAULT_SOURCE : ALARM_SOURCE;
    await handleRecords(http, source, [item.card.id!], remark);
    this.items$.next(this.items$.getValue().map((i) => (i.key === key ? { ...i, handled: true, ...(remark ? { handleRemark: remark } : {}) } : i)));
  }

  stop(): void {
    this.subscription.unsubscribe();
  }
}
