/** KvBucket over a NATS KV bucket (JetStream-backed). NATS entries already have the KvEntry shape. */
import type { KV } from '@nats-io/kv';
import type { BusLogger, KvBucket, KvEntry, Payload } from './bus.ts';

/**
 * The KV class's own subject builder (not on the KV interface): `$KV.<bucket>.<key>`, or the bucket's edit prefix
 * (domains, mirrors), which is why it is used rather than built here. Not part of the client's typed API, so its
 * presence is checked: without it `set` is a put whose answer nobody awaits (a request, dearer, but never lost).
 */
type KvWithSubjects = KV & { subjectForKey?: (key: string, edit?: boolean) => string };

/** `publish`: a core publish on the bus's connection (a KV put is a stream append on the key's subject). */
export function natsKvBucket(kv: KV, bucket: string, logger: BusLogger, publish: (subject: string, data: Payload) => void): KvBucket {
  const subjectForKey = (kv as KvWithSubjects).subjectForKey?.bind(kv);
  if (!subjectForKey) logger.warn({ bucket }, 'this NATS client has no KV subject builder: unanswered puts are sent as requests');
  return {
    put: (key, data) => kv.put(key, data),
    set: subjectForKey
      ? (key, data) => publish(subjectForKey(key, true), data)
      : (key, data) => void kv.put(key, data).catch((err: unknown) => logger.warn({ err, bucket, key }, 'kv put failed')),
    get: async (key) => {
      const e = await kv.get(key);
      return e && e.operation === 'PUT' ? e : null;
    },
    delete: (key) => kv.delete(key),
    keys: async (filter) => {
      const out: string[] = [];
      for await (const k of await kv.keys(filter)) out.push(k);
      return out;
    },
    watch: async (handler: (entry: KvEntry) => void, opts = {}) => {
      const iter = await kv.watch({ key: opts.key });
      void (async () => {
        for await (const e of iter) {
          try {
            handler(e);
          } catch (err) {
            logger.error({ err, bucket, key: e.key }, 'kv watcher failed');
          }
        }
      })();
      return { unsubscribe: () => iter.stop() };
    },
  };
}
