/**
 * Child process for the throughput benchmark: the fake ingest (login/time-sync acks),
 * counting frames without keeping or decoding realtime ones. Talks to its parent over IPC:
 * sends {port} when listening, answers 'count' with {frames}.
 */
import { startFakeIngest } from '../test/fake-ingest.ts';

let frames = 0;
const ingest = await startFakeIngest({ keep: false, onFrame: () => frames++ });
process.send?.({ port: ingest.port });
process.on('message', (m) => {
  if (m === 'count') process.send?.({ frames });
  if (m === 'exit') void ingest.close().then(() => process.exit(0));
});
