/**
 * `npm run simulate -- [options]`: runs the simulated fleet (or replays a recording)
 * against the gateway's TCP ingest, printing progress every 5 s. Ctrl-C logs every
 * vehicle out and exits; a second Ctrl-C exits at once.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Fleet } from './fleet.ts';
import { parseCli, USAGE, type CliOptions } from './options.ts';
import { FrameRecorder, parseRecording } from './recording.ts';
import { replay } from './replay.ts';
import { registerFleet } from './register.ts';
import { SuperiorPlatform } from './superior-platform.ts';
import { readStdinCommands, runPlatformCommand, startControlServer } from './platform-control.ts';
import { newStats, progressLine, replayProgressLine, type FleetStats } from './stats.ts';

const PROGRESS_MS = 5_000;

type LineOf = (stats: FleetStats, elapsedS: number, framesPerS: number) => string;

/** Prints a progress line every 5 s; returns a function that prints the last one and stops. */
function startProgress(stats: FleetStats, line: LineOf = progressLine): () => void {
  const t0 = Date.now();
  let lastFrames = 0;
  let lastMs = t0;
  const print = () => {
    const now = Date.now();
    const rate = ((stats.framesSent - lastFrames) * 1000) / Math.max(1, now - lastMs);
    lastFrames = stats.framesSent;
    lastMs = now;
    console.log(line(stats, (now - t0) / 1000, rate));
  };
  const timer = setInterval(print, PROGRESS_MS);
  return () => {
    clearInterval(timer);
    print();
  };
}

/** Resolves on Ctrl-C / SIGTERM or when the duration is over; a second signal exits at once. */
function untilStopped(durationS: number | null): Promise<string> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: string) => {
      if (stopping) process.exit(130);
      stopping = true;
      resolve(`${signal}: stopping (Ctrl-C again to quit at once)`);
    };
    process.on('SIGINT', () => onSignal('SIGINT'));
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    if (durationS !== null) setTimeout(() => onSignal(`${durationS} s elapsed`), durationS * 1000);
  });
}

function explain(stats: FleetStats, o: CliOptions): void {
  if (stats.logins === 0 && stats.errors > 0) {
    console.log(`No vehicle could log in at ${o.host}:${o.port}. Is the gateway running (npm start)?`);
  }
  if (stats.loginsRejected > 0) {
    console.log(
      `${stats.loginsRejected} logins were rejected: the gateway only accepts VINs it knows ` +
        '(it seeds the demo fleet: --seed 1, up to --vehicles 200; --register adds the others).',
    );
  }
}

/** Registers the fleet's missing vehicles; a refusal is explained and the run goes on (known vehicles still log in). */
async function register(o: CliOptions): Promise<void> {
  console.log(`Registering the fleet's vehicles with the gateway at ${o.api} …`);
  try {
    const r = await registerFleet(o, (done, total) => {
      if (total > 1000) console.log(`  ${done}/${total}`);
    });
    console.log(`Registered ${r.registered} vehicles (${r.alreadyKnown} already known${r.refused ? `, ${r.refused} refused: plate or VIN taken` : ''}).`);
  } catch (err) {
    console.log(`${err instanceof Error ? err.message : String(err)}. Is the gateway running (npm start), with DEMO_FLEET on? ` +
      'Otherwise register the vehicles in the console, or pass --no-register.');
  }
}

async function runFleet(o: CliOptions): Promise<void> {
  if (o.register) await register(o);
  const recorder = o.record ? new FrameRecorder(o.record) : null;
  await recorder?.ready();
  const fleet = new Fleet(o, { onSent: recorder?.write });
  const every = o.rate >= 1 ? `${o.rate} reports/s` : `a report every ${(1 / o.rate).toFixed(0)} s`;
  console.log(
    `Simulating ${o.vehicles} vehicles (seed ${o.seed}, ${o.city}, GB/T 32960-${o.edition}, ${every} each) ` +
      `→ ${o.host}:${o.port}. Ctrl-C to log out and stop.`,
  );
  fleet.start();
  const stopProgress = startProgress(fleet.stats);
  console.log(await untilStopped(o.durationS));
  await fleet.stop();
  stopProgress();
  await recorder?.close();
  if (recorder) console.log(`Recorded ${recorder.count} frames to ${o.record}.`);
  explain(fleet.stats, o);
}

async function runReplay(o: CliOptions, file: string): Promise<void> {
  const { frames, errors } = parseRecording(await readFile(file, 'utf8'));
  for (const e of errors.slice(0, 10)) console.error(`${file}: ${e}`);
  if (errors.length > 10) console.error(`${file}: … ${errors.length - 10} more unreadable lines`);
  if (frames.length === 0) throw new Error(`${file} holds no frames`);
  const timed = frames.every((f) => f.ms !== null);
  console.log(`Replaying ${frames.length} frames from ${file} ${timed ? 'with their recorded spacing' : 'back to back'} → ${o.host}:${o.port}.`);
  const stats = newStats(0);
  const abort = new AbortController();
  const stopProgress = startProgress(stats, (st, t, r) => replayProgressLine(st, t, r, frames.length));
  void untilStopped(o.durationS).then((why) => {
    console.log(why);
    abort.abort();
  });
  await replay(frames, { host: o.host, port: o.port, signal: abort.signal }, stats);
  stopProgress();
  explain(stats, o);
}

/** Plays a superior platform until stopped, printing what it received every 5 s. */
async function runPlatform(o: CliOptions, port: number): Promise<void> {
  const platform = new SuperiorPlatform({
    username: o.platformUser ?? undefined, password: o.platformPassword ?? undefined, aesKey: o.platformAesKey ?? undefined,
    rsaPrivateKey: o.platformRsaKey === null ? undefined : readFileSync(o.platformRsaKey, 'utf8'),
    sm4Key: o.platformSm4Key ?? undefined, sm2PrivateKey: o.platformSm2Key ?? undefined,
  });
  await platform.listen(port);
  const control = o.platformControl === null ? null : await startControlServer(platform, o.platformControl);
  console.log(`Superior platform (GB/T 32960 platform login) on 127.0.0.1:${port}` +
    (control ? `, control on http://127.0.0.1:${o.platformControl}` : '') + '. Commands on stdin: refuse, accept, drop, stop, start, records.');
  readStdinCommands(platform, (line) => console.log(line));
  const r = platform.records;
  const timer = setInterval(() => console.log(`links ${platform.linkCount}  logins ${r.logins}  frames ${r.frames}  vehicles ${Object.keys(r.vehicles).length}`), PROGRESS_MS);
  console.log(await untilStopped(o.durationS));
  clearInterval(timer);
  console.log(JSON.stringify(await runPlatformCommand(platform, 'stop')));
  control?.close();
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCli(argv);
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    console.error(`simulate: ${parsed.message}\nRun 'npm run simulate -- --help' for usage.`);
    return 2;
  }
  const o = parsed.options;
  if (o.platformListen !== null) await runPlatform(o, o.platformListen);
  else if (o.replay) await runReplay(o, o.replay);
  else await runFleet(o);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`simulate: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
