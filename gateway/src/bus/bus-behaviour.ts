/**
 * The behaviour every MessageBus must have, written once and run against each implementation
 * (memory-bus.test.ts, nats-bus.test.ts). Each test uses its own tenant, durable and bucket
 * names, because a NATS server (and its streams) is shared by all tests of a file.
 */
import { subjects, streams } from '@wdiov/contracts/nats/subjects';
import { afterEach, describe, expect, it } from 'vitest';
import { BusRequestError, type BusMsg, type MessageBus } from './bus.ts';

export type BusFactory = () => Promise<MessageBus>;

let unique = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++unique}`;

export async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A short pause so that messages which should NOT arrive get the chance to. */
export const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

export function describeBusBehaviour(name: string, makeBus: BusFactory): void {
  describe(`${name}: MessageBus behaviour`, () => {
    const open: MessageBus[] = [];
    const bus = async () => {
      const b = await makeBus();
      open.push(b);
      return b;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((b) => b.close()));
    });

    it('matches `*` to one token and `>` to the tail', async () => {
      const b = await bus();
      const tenant = uniqueName('t');
      const got: Record<string, string[]> = { star: [], tail: [], literal: [] };
      b.subscribe(`wdiov.${tenant}.tel.*`, (m) => got.star.push(m.subject));
      b.subscribe(`wdiov.${tenant}.>`, (m) => got.tail.push(m.subject));
      b.subscribe(subjects.telemetry(tenant, 'V1'), (m) => got.literal.push(m.string()));
      b.publish(subjects.telemetry(tenant, 'V1'), 'a');
      b.publish(subjects.telemetry(tenant, 'V2'), new TextEncoder().encode('b'));
      b.publish(`wdiov.${tenant}.tel.V3.extra`, 'c');
      b.publish(`wdiov.${tenant}`, 'd'); // `>` needs at least one more token
      await waitFor(() => got.tail.length === 3);
      await settle();
      expect(got.star.sort()).toEqual([subjects.telemetry(tenant, 'V1'), subjects.telemetry(tenant, 'V2')]);
      expect(got.tail.sort()).toEqual([`wdiov.${tenant}.tel.V1`, `wdiov.${tenant}.tel.V2`, `wdiov.${tenant}.tel.V3.extra`]);
      expect(got.literal).toEqual(['a']);
    });

    it('stops delivering after unsubscribe', async () => {
      const b = await bus();
      const subject = subjects.kick(uniqueName('u'));
      const got: string[] = [];
      const sub = b.subscribe(subject, (m) => got.push(m.string()));
      b.publish(subject, 'one');
      await waitFor(() => got.length === 1);
      sub.unsubscribe();
      b.publish(subject, 'two');
      await settle();
      expect(got).toEqual(['one']);
    });

    it('splits a queue group: each message handled once across members, fan-out subscribers get all', async () => {
      const b = await bus();
      const tenant = uniqueName('t');
      const queue = uniqueName('q');
      const members: number[][] = [[], [], []];
      members.forEach((seen) => b.subscribe(`wdiov.${tenant}.cmd.*`, (m) => seen.push(Number(m.string())), { queue }));
      const fanOut: number[] = [];
      b.subscribe(`wdiov.${tenant}.cmd.*`, (m) => fanOut.push(Number(m.string())));
      for (let i = 0; i < 300; i++) b.publish(subjects.command(tenant, `V${i % 7}`), String(i));
      await waitFor(() => fanOut.length === 300 && members.flat().length >= 300);
      await settle();
      const all = members.flat().sort((x, y) => x - y);
      expect(all).toEqual([...Array(300).keys()]);
      for (const seen of members) expect(seen.length).toBeGreaterThan(30);
      expect(fanOut.length).toBe(300);
    });

    it('answers a request and fails on timeout or when nobody listens', async () => {
      const b = await bus();
      const subject = subjects.command(uniqueName('t'), 'V1');
      b.subscribe(subject, (m) => m.respond(m.string().toUpperCase()));
      const reply = await b.request(subject, 'ping', { timeoutMs: 2_000 });
      expect(reply.string()).toBe('PING');

      const silent = subjects.command(uniqueName('t'), 'V2');
      b.subscribe(silent, (m: BusMsg) => void m);
      await expect(b.request(silent, 'x', { timeoutMs: 100 })).rejects.toMatchObject({ name: 'BusRequestError', reason: 'timeout' });

      const nobody = subjects.command(uniqueName('t'), 'V3');
      const err = await b.request(nobody, 'x', { timeoutMs: 1_000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusRequestError);
      expect((err as BusRequestError).reason).toBe('no-responders');
    });

    it('respond() on a message without reply subject returns false', async () => {
      const b = await bus();
      const subject = subjects.kick(uniqueName('u'));
      const results: boolean[] = [];
      b.subscribe(subject, (m) => results.push(m.respond('ignored')));
      b.publish(subject, 'x');
      await waitFor(() => results.length === 1);
      expect(results).toEqual([false]);
    });

    it('consumes durable messages, acking only after the handler resolves (a throw means redelivery)', async () => {
      const b = await bus();
      const tenant = uniqueName('t');
      for (const i of [1, 2, 3]) await b.publishDurable(subjects.alarm(tenant, 'V1'), JSON.stringify({ i }));
      const handled: Array<{ i: number; deliveryCount: number }> = [];
      let failedOnce = false;
      const consumer = await b.consumeDurable(
        streams.events.name,
        uniqueName('d'),
        async (m) => {
          const { i } = m.json<{ i: number }>();
          if (i === 2 && !failedOnce) {
            failedOnce = true;
            throw new Error('simulated persister failure');
          }
          handled.push({ i, deliveryCount: m.deliveryCount });
        },
        { filterSubject: `wdiov.${tenant}.alarm.*` },
      );
      await waitFor(() => handled.length === 3, 8_000, 'redelivery');
      await consumer.stop();
      expect(handled.map((h) => h.i).sort()).toEqual([1, 2, 3]);
      expect(handled.find((h) => h.i === 2)?.deliveryCount).toBe(2);
    });

    it('hands a batch consumer what is waiting, in order, and redelivers a rejected batch whole', async () => {
      const b = await bus();
      const tenant = uniqueName('t');
      for (let i = 1; i <= 50; i++) await b.publishDurable(subjects.fence(tenant, 'V1'), String(i));
      const batches: number[][] = [];
      let failed: number[] | undefined;
      const consumer = await b.consumeDurableBatch(
        streams.events.name,
        uniqueName('d'),
        async (msgs) => {
          const values = msgs.map((m) => Number(m.string()));
          if (!failed && values.includes(30)) {
            failed = values;
            throw new Error('simulated batch failure');
          }
          if (values.includes(30)) expect(msgs.find((m) => m.string() === '30')?.deliveryCount).toBe(2);
          batches.push(values);
        },
        { filterSubject: `wdiov.${tenant}.fence.*`, maxBatch: 20 },
      );
      await waitFor(() => batches.flat().length >= 50, 8_000, 'all messages in batches');
      await settle(100);
      await consumer.stop();
      const all = batches.flat();
      expect(all.sort((x, y) => x - y)).toEqual([...Array(50).keys()].map((i) => i + 1));
      expect(Math.max(...batches.map((x) => x.length))).toBeGreaterThan(1);
      expect(Math.max(...batches.map((x) => x.length))).toBeLessThanOrEqual(20);
      // Each batch is in stream order.
      for (const x of batches) expect([...x].sort((p, q) => p - q)).toEqual(x);
      expect(failed!.length).toBeGreaterThan(0);
    });

    it('continues a re-created durable consumer without losing or repeating acked messages', async () => {
      const b = await bus();
      const tenant = uniqueName('t');
      const durable = uniqueName('d');
      const filterSubject = `wdiov.${tenant}.fault.*`;
      const publish = async (from: number, to: number) => {
        for (let i = from; i <= to; i++) await b.publishDurable(subjects.fault(tenant, 'V1'), String(i));
      };
      await publish(1, 10);
      const first: number[] = [];
      const c1 = await b.consumeDurable(streams.events.name, durable, async (m) => void first.push(Number(m.string())), { filterSubject });
      await waitFor(() => first.length >= 4);
      await c1.stop();
      await publish(11, 20);
      const second: number[] = [];
      const c2 = await b.consumeDurable(streams.events.name, durable, async (m) => void second.push(Number(m.string())), { filterSubject });
      await waitFor(() => first.length + second.length >= 20);
      await settle(200);
      await c2.stop();
      expect(first.filter((i) => second.includes(i))).toEqual([]);
      expect([...first, ...second].sort((x, y) => x - y)).toEqual([...Array(20).keys()].map((i) => i + 1));
    });

    it('delivers durable publishes to plain subscribers too, and rejects subjects no stream stores', async () => {
      const b = await bus();
      const tenant = uniqueName('t');
      const live: string[] = [];
      b.subscribe(`wdiov.${tenant}.fence.*`, (m) => live.push(m.string()));
      await b.publishDurable(subjects.fence(tenant, 'V1'), 'entered');
      await waitFor(() => live.length === 1);
      await expect(b.publishDurable(subjects.command(tenant, 'V1'), 'x')).rejects.toThrow();
    });

    it('keeps the latest value per key, lists keys, deletes, and watches changes', async () => {
      const b = await bus();
      const kv = await b.kv(uniqueName('vehstate'));
      await kv.put('V1', JSON.stringify({ soc: 80 }));
      await kv.put('V1', JSON.stringify({ soc: 79 }));
      await kv.put('V2', 'x');
      expect((await kv.get('V1'))?.json()).toEqual({ soc: 79 });
      expect(await kv.get('missing')).toBeNull();
      expect((await kv.keys()).sort()).toEqual(['V1', 'V2']);

      const seen: string[] = [];
      const watch = await kv.watch((e) => seen.push(`${e.operation} ${e.key} ${e.string()}`));
      await waitFor(() => seen.length === 2, 5_000, 'initial values');
      await kv.put('V3', 'new');
      await kv.delete('V2');
      await waitFor(() => seen.length === 4, 5_000, 'changes');
      watch.unsubscribe();
      expect(seen).toEqual(['PUT V1 {"soc":79}', 'PUT V2 x', 'PUT V3 new', 'DEL V2 ']);
      expect(await kv.get('V2')).toBeNull();
      expect((await kv.keys()).sort()).toEqual(['V1', 'V3']);
    });

    it('stores a value set without waiting for the answer, the last one winning', async () => {
      const b = await bus();
      const kv = await b.kv(uniqueName('vehstate'));
      for (let i = 0; i < 100; i++) kv.set(`V${i % 10}`, String(i));
      await waitFor(async () => (await kv.get('V9'))?.string() === '99', 5_000, 'last value of V9');
      expect((await kv.keys()).length).toBe(10);
      expect((await kv.get('V0'))?.string()).toBe('90');
    });
  });
}
