/**
 * The persisters in a thread of their own, with their own NATS connection and Postgres pool:
 * parsing batches and binding rows no longer stalls the thread that reads terminals and feeds
 * the sockets, and the work lands on the machine's other core. Started by persistence.ts.
 * It lowers its own priority first (PERSISTENCE_THREAD_NICE).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { credsAuthenticator } from '@nats-io/transport-node';
import { connectNatsBus } from '../bus/nats-bus.ts';
import { openDatabase } from '../db/client.ts';
import { createLogger } from '../lib/logger.ts';
import { lowerThisThread } from '../lib/worker-thread.ts';
import { startPersisters } from './persisters.ts';
import type { PersistenceWorkerData, PersistenceWorkerMessage } from './persistence.ts';

const { natsUrl, natsCreds, databaseUrl, logLevel, nice } = workerData as PersistenceWorkerData;
lowerThisThread(nice);
const logger = createLogger(logLevel).child({ thread: 'persistence' });
const post = (m: PersistenceWorkerMessage) => parentPort!.postMessage(m);

const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
const authenticator = natsCreds ? credsAuthenticator(new TextEncoder().encode(natsCreds)) : undefined;
const bus = await connectNatsBus({ url: natsUrl, logger, connectOptions: authenticator ? { authenticator } : undefined });
const persisters = await startPersisters(database.db, bus, logger);
const report = setInterval(() => post({ type: 'counts', counts: persisters.counts() }), 1000);
post({ type: 'ready' });

parentPort!.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  clearInterval(report);
  void (async () => {
    // Handlers in flight finish and ack before the connection closes; nothing unacked is lost.
    await persisters.stop();
    await bus.close();
    await database.close();
    post({ type: 'counts', counts: persisters.counts() });
    post({ type: 'stopped' });
  })();
});
