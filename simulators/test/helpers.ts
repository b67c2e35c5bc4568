/** Shared setup for the model tests: a vehicle model with injected start time, run step by step. */
import { decodeFrame, type Edition, type Frame, type RealtimeBody } from '@wdiov/contracts/protocol/index';
import { CITIES, demoVehicle, type CityKey } from '@wdiov/contracts/simulation/index';
import type { EventRates } from '../src/events.ts';
import type { SafetyConditions } from '../src/safety-conditions.ts';
import { newCounters, type SimCounters } from '../src/stats.ts';
import { VehicleModel, type ModelConfig } from '../src/vehicle-model.ts';

export const START_MS = Date.UTC(2025, 5, 1, 2, 0, 0); // 10:00 Beijing time

export interface ModelSetup {
  seed?: number;
  index?: number;
  edition?: Edition;
  city?: CityKey;
  reportPeriodMs?: number;
  cells?: number;
  rates?: Partial<EventRates>;
  startMs?: number;
  conditions?: SafetyConditions;
}

export function makeModel(setup: ModelSetup = {}, counters: SimCounters = newCounters()): VehicleModel {
  const seed = setup.seed ?? 1;
  const city = CITIES[setup.city ?? 'shenzhen'];
  const config: ModelConfig = {
    seed, edition: setup.edition ?? '2016', city, fences: city.fences, reportPeriodMs: setup.reportPeriodMs ?? 10_000,
    cells: setup.cells ?? 96,
    rates: { alarmsPerHour: 1, faultsPerHour: 0.5, fencesPerHour: 0.5, ...setup.rates }, conditions: setup.conditions,
  };
  return new VehicleModel(demoVehicle(seed, setup.index ?? 0), config, setup.startMs ?? START_MS, counters);
}

/** Runs `steps` steps and returns every frame produced, in order. */
export function runModel(model: VehicleModel, steps: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < steps; i++) model.step(out);
  return out;
}

export function decodeOk(bytes: Uint8Array): Frame {
  const r = decodeFrame(bytes);
  if (!r.ok) throw new Error(`frame does not decode: ${r.reason}`);
  return r.frame;
}

export function realtimeOf(frame: Frame): RealtimeBody {
  if (frame.body.kind !== 'realtime') throw new Error(`expected a realtime body, got ${frame.body.kind}`);
  return frame.body;
}

/** The item of a kind in a realtime body (throws when missing). */
export function item<K extends RealtimeBody['items'][number]['kind']>(
  body: RealtimeBody, kind: K,
): Extract<RealtimeBody['items'][number], { kind: K }> {
  const found = body.items.find((i) => i.kind === kind);
  if (!found) throw new Error(`no ${kind} item`);
  return found as Extract<RealtimeBody['items'][number], { kind: K }>;
}

export function num(reading: unknown): number {
  if (typeof reading !== 'number') throw new Error(`expected a value, got ${String(reading)}`);
  return reading;
}
