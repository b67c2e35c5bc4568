/**
 * A recording for the ingest benchmark, made with the simulator's vehicle model (login, then
 * `steps` reports of every vehicle) and written as `npm run simulate -- --record` writes it,
 * so `npm run simulate -- --replay FILE` can send it too.
 */
import { writeFileSync } from 'node:fs';
import { CITIES, demoVehicle } from '@wdiov/contracts/simulation/index';
import { Command } from '@wdiov/contracts/protocol/index';
import { VehicleModel } from '../../simulators/src/vehicle-model.ts';
import { loginFrame } from '../../simulators/src/frames.ts';
import { recordLine } from '../../simulators/src/recording.ts';
import { newCounters } from '../../simulators/src/stats.ts';

export interface Recording {
  file: string;
  frames: Uint8Array[];
  /**
   * Position rows the frames make: one per vehicle and data time among realtime and reissue
   * frames (a reissue of a time already sent live finds the row stored).
   */
  positions: number;
  vins: string[];
}

export function recordFleet(file: string, vehicles: number, steps: number, seed = 1, alarmsPerHour = 1): Recording {
  const city = CITIES.shenzhen;
  const config = {
    seed, edition: '2016' as const, city, fences: city.fences, reportPeriodMs: 1000, cells: 96,
    rates: { alarmsPerHour, faultsPerHour: 0.5, fencesPerHour: 0.5 },
  };
  const start = Date.now() - (steps + 60) * 1000;
  const models = Array.from({ length: vehicles }, (_, i) => new VehicleModel(demoVehicle(seed, i), config, start, newCounters()));
  const frames: Uint8Array[] = models.map((m, i) => loginFrame(m.terminal, start, i % 65_000 + 1));
  for (let s = 0; s < steps; s++) for (const m of models) m.step(frames);
  writeFileSync(file, frames.map((f) => recordLine(0, f)).join(''));
  // Header: VIN at bytes 4–20, data unit from 24 starting with its 6-byte time.
  const keys = new Set(frames.filter((f) => f[2] === Command.realtime || f[2] === Command.reissue).map((f) => Buffer.from(f.subarray(4, 30)).toString('latin1')));
  const positions = keys.size;
  return { file, frames, positions, vins: models.map((m) => m.terminal.vin) };
}
