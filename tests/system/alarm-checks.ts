import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { expect } from 'vitest';
import { wildcards, type AlarmEvent } from '@wdiov/contracts';
import { queryRows, type Db } from '../../gateway/src/db/client.ts';
import type { MessageBus } from '../../gateway/src/bus/bus.ts';
import type { FrameLedger } from './frame-ledger.ts';
import { signInAs, type Replica } from './system-gateway.ts';

/**
 * What the system tests that move vehicles between gateways check about alarms: what the
 * gateways publish, the cards one console gets, and the rows stored, against the ledger of
 * what the vehicles' frames showed.
 */
export const adminToken = (r: Replica) => signInAs(r, 'admin', 'admin');

/** The alarm cards of an administrator's console on `replica`, and (with a bus) the alarm events as the bus carries them. */
export async function watchAlarms(replica: Replica, bus?: MessageBus) {
  const events: AlarmEvent[] = [];
  const watch = bus?.subscribe(wildcards.allAlarms, (m) => events.push(m.json<AlarmEvent>()));
  const cards: { id: string; type: number }[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${replica.httpPort}/api/wdiov-base/online-user/?token=${await adminToken(replica)}`);
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m));
    if (msg.cmd === 1200) cards.push(msg.data);
  });
  await new Promise((r) => ws.once('open', r));
  return {
    events, cards,
    stop() {
      watch?.unsubscribe();
      ws.close();
    },
  };
}

/** Stored alarm rows of the vehicles' own (GB/T 32960) alarms. */
export async function storedAlarms(db: Db) {
  return queryRows<{ id: string; k: string; open: boolean }>(db, sql`SELECT id::text AS id, vin || '|' || alarm_type AS k, end_time IS NULL AS open FROM wdiov_vehicle_alarm_data WHERE is_deleted = 0 AND source = 'gbt32960'`);
}

/**
 * Every alarm period the vehicles' frames showed is stored once and ended once (a row is open
 * exactly when the vehicle's last frame still showed it), and carded once. With `publishedOnce`,
 * the gateways also published each start and end once (not so across a NATS node's death, where
 * a publish whose acknowledgement was lost is sent again and the store takes it once).
 */
export async function expectEachAlarmOnce(db: Db, ledger: FrameLedger, seen: { events: AlarmEvent[]; cards: { id: string; type: number }[] }, publishedOnce = true) {
  const rows = await storedAlarms(db);
  const stored = new Map<string, number>();
  for (const r of rows) stored.set(r.k, (stored.get(r.k) ?? 0) + 1);
  expect(ledger.total()).toBeGreaterThan(10);
  // Stored once: as many rows per vehicle and type as alarm periods in what the vehicles sent.
  for (const [key, n] of ledger.alarms) expect(stored.get(key) ?? 0, key).toBe(n);
  expect(rows.length).toBe(ledger.total());
  // Closed once, and only what ended.
  for (const r of rows) {
    const [vin, type] = r.k.split('|') as [string, string];
    expect(r.open, `${r.k} open`).toBe(ledger.stillActive(vin, type));
  }
  if (publishedOnce) {
    const gb = seen.events.filter((e) => e.source === 'gbt32960');
    const count = (phase: string) => {
      const n = new Map<string, number>();
      for (const e of gb) if (e.phase === phase) n.set(e.id, (n.get(e.id) ?? 0) + 1);
      return n;
    };
    expect([...count('start').values()].every((n) => n === 1)).toBe(true);
    expect([...count('end').values()].every((n) => n === 1)).toBe(true);
    expect(count('start').size).toBe(rows.length);
  }
  // Carded once: one alarm card per stored alarm.
  const alarmCards = seen.cards.filter((c) => c.type === 0).map((c) => c.id);
  const allAlarmIds = (await queryRows<{ id: string }>(db, sql`SELECT id::text AS id FROM wdiov_vehicle_alarm_data WHERE is_deleted = 0`)).map((r) => r.id);
  expect(new Set(alarmCards).size).toBe(alarmCards.length);
  expect(new Set(alarmCards)).toEqual(new Set(allAlarmIds));
}
