/**
 * Simulator throughput, one core: (1) the vehicle model alone (step + realtime frame
 * encoding, no I/O); (2) the whole fleet over TCP to a sink ingest running in another
 * process, N vehicles at R reports/s: frames/s delivered, this process's CPU share, and
 * frames per CPU-second (the figure that holds on a busy machine).
 * Prints one JSON object per line: {"name","unit","value"}.
 *
 * Run: npx tsx simulators/bench/throughput.bench.ts
 *   BENCH_VEHICLES (10000), BENCH_RATE (1), BENCH_SECONDS (10), BENCH_RAMP (10)
 */
import { fork } from 'node:child_process';
import { CITIES, demoVehicle } from '@wdiov/contracts/simulation/index';
import { Fleet } from '../src/fleet.ts';
import { newCounters } from '../src/stats.ts';
import { VehicleModel } from '../src/vehicle-model.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RAMP = Number(process.env.BENCH_RAMP ?? 10);

function report(name: string, unit: string, value: number): void {
  console.log(JSON.stringify({ name, unit, value: Math.round(value) }));
}

function modelOnly(): void {
  const city = CITIES.shenzhen;
  const config = {
    seed: 1, edition: '2016' as const, city, fences: city.fences, reportPeriodMs: 1000, cells: 96,
    rates: { alarmsPerHour: 1, faultsPerHour: 0.5, fencesPerHour: 0.5 },
  };
  const models = Array.from({ length: 1000 }, (_, i) => new VehicleModel(demoVehicle(1, i), config, Date.UTC(2025, 0, 1), newCounters()));
  const out: Uint8Array[] = [];
  let frames = 0;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  while (performance.now() - start < 3000) {
    for (const m of models) {
      out.length = 0;
      m.step(out);
      frames += out.length;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  report('simulator model+encode (1 s steps, 96 cells)', 'frames/s per core', (frames * 1e6) / (cpu.user + cpu.system));
}

async function overTcp(): Promise<void> {
  const sink = fork(new URL('./sink.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const ask = <T>(_awaited: string) => new Promise<T>((resolve) => sink.once('message', (m) => resolve(m as T)));
  const { port } = await ask<{ port: number }>('port');
  const fleet = new Fleet({
    vehicles: VEHICLES, rate: RATE, seed: 1, host: '127.0.0.1', port, edition: '2016', alarmRate: 1, faultRate: 0.5,
    fenceRate: 0.5, city: 'shenzhen', rampS: RAMP, cells: 96,
  });
  fleet.start();
  await new Promise((r) => setTimeout(r, (RAMP + 3) * 1000)); // every vehicle online
  const frames0 = fleet.stats.framesSent;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const frames = fleet.stats.framesSent - frames0;
  const cpu = process.cpuUsage(cpu0);
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  const wallMs = performance.now() - t0;
  await fleet.stop();
  sink.send('count');
  const { frames: received } = await ask<{ frames: number }>('count');
  sink.send('exit');
  report(`simulator over TCP, ${VEHICLES} vehicles at ${RATE} Hz (target ${VEHICLES * RATE}/s)`, 'frames/s', (frames * 1000) / wallMs);
  const cpuUs = cpu.user + cpu.system;
  report('simulator process CPU while sending', '% of one core', (cpuUs / 1000 / wallMs) * 100);
  // CPU time per frame is robust on a shared machine; its inverse is what one saturated core could send.
  report('simulator frames per CPU-second (model + encode + TCP write)', 'frames/s per core', (frames * 1e6) / cpuUs);
  report('vehicles online', 'vehicles', fleet.stats.logins);
  report('simulator resident memory', 'MiB', rssMb);
  report('frames sent minus frames the sink counted (0 = none lost)', 'frames', fleet.stats.framesSent - received);
}

modelOnly();
await overTcp();
