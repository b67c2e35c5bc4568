/** KvBucket over a NATS KV bucket (JetStream-backed). NATS entries already have the KvEntry shape. */
import type { KV } from '@nats-io/kv';
import type { BusLogger, KvBucket, KvEntry } from './bus.ts';

export function natsKvBucket(kv: KV, bucket: string, logger: BusLogger): KvBucket {
  return {
    put: (key, data) => kv.put(key, data),
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
