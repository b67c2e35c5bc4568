import { decodeFrame, hasValue, type RealtimeItem } from '@wdiov/contracts/protocol/index';
import type { CellRank, CellScatter, DiffVoltageBucket, TemperatureHop } from '@wdiov/contracts';

/**
 * Per-cell analytics of a vehicle's traction battery (energyStorageStatis), from the cell
 * voltages and probe temperatures of its stored realtime frames. Pure: the route reads one
 * vehicle's frames of a bounded window and hands them here.
 */

export interface CellSample {
  ts: number;
  /** Cell voltages in volts, keyed `pack/cell` (1-based cell numbers). */
  cells: { packNo: number; cellNo: number; voltage: number }[];
  probes: { packNo: number; probeNo: number; temperature: number }[];
}

/** Width of a voltage-difference bucket, mV. */
export const DIFF_BUCKET_MV = 10;
/** A probe whose reading moves this much between consecutive frames has hopped, °C. */
export const TEMPERATURE_HOP_C = 5;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The cell and probe readings of one realtime item list (sentinels left out). */
export function sampleOf(ts: number, items: readonly RealtimeItem[]): CellSample {
  const sample: CellSample = { ts, cells: [], probes: [] };
  for (const item of items) {
    if (item.kind === 'cellVoltages') {
      for (const pack of item.packs) {
        const packNo = hasValue(pack.packNo) ? pack.packNo : 1;
        const first = pack.startCell ?? 1;
        pack.cellVoltagesV.forEach((v, i) => { if (hasValue(v)) sample.cells.push({ packNo, cellNo: first + i, voltage: v }); });
      }
    } else if (item.kind === 'probeTemperatures') {
      for (const pack of item.packs) {
        const packNo = hasValue(pack.packNo) ? pack.packNo : 1;
        pack.temperaturesC.forEach((t, i) => { if (hasValue(t)) sample.probes.push({ packNo, probeNo: i + 1, temperature: t }); });
      }
    }
  }
  return sample;
}

/** Stored frames (hex, oldest first) → the samples of the realtime and reissue reports among them. */
export function samplesOf(frames: readonly { ts: number; hex: string }[]): CellSample[] {
  const out: CellSample[] = [];
  for (const f of frames) {
    const decoded = decodeFrame(Uint8Array.from(Buffer.from(f.hex, 'hex')));
    if (!decoded.ok || decoded.frame.body.kind !== 'realtime') continue;
    const sample = sampleOf(f.ts, decoded.frame.body.items);
    if (sample.cells.length > 0 || sample.probes.length > 0) out.push(sample);
  }
  return out;
}

/** Every cell with its mean, lowest and highest voltage, ranked by mean (highest first). */
export function voltageRank(samples: readonly CellSample[]): CellRank[] {
  const acc = new Map<string, { packNo: number; cellNo: number; sum: number; n: number; min: number; max: number }>();
  for (const s of samples) {
    for (const c of s.cells) {
      const key = `${c.packNo}/${c.cellNo}`;
      const a = acc.get(key) ?? { packNo: c.packNo, cellNo: c.cellNo, sum: 0, n: 0, min: Infinity, max: -Infinity };
      a.sum += c.voltage;
      a.n++;
      a.min = Math.min(a.min, c.voltage);
      a.max = Math.max(a.max, c.voltage);
      acc.set(key, a);
    }
  }
  const all = [...acc.values()];
  const packMean = new Map<number, number>();
  for (const packNo of new Set(all.map((a) => a.packNo))) {
    const cells = all.filter((a) => a.packNo === packNo);
    packMean.set(packNo, cells.reduce((t, a) => t + a.sum / a.n, 0) / cells.length);
  }
  return all
    .map((a) => ({ packNo: a.packNo, cellNo: a.cellNo, avgVoltage: round(a.sum / a.n, 3), minVoltage: round(a.min, 3), maxVoltage: round(a.max, 3),
      deviationMv: round((a.sum / a.n - packMean.get(a.packNo)!) * 1000, 1), samples: a.n }))
    .sort((x, y) => y.avgVoltage - x.avgVoltage || x.packNo - y.packNo || x.cellNo - y.cellNo)
    .map((r, i) => ({ rank: i + 1, ...r }));
}

/** The newest sample's cell voltages, one point per cell. */
export function voltageScatter(samples: readonly CellSample[]): CellScatter {
  const last = [...samples].reverse().find((s) => s.cells.length > 0);
  return { ts: last?.ts ?? null, points: (last?.cells ?? []).map((c) => ({ packNo: c.packNo, cellNo: c.cellNo, voltage: c.voltage })) };
}

/** How often the spread between the highest and lowest cell of a sample falls in each DIFF_BUCKET_MV bucket. */
export function diffVoltageProbability(samples: readonly CellSample[], bucketMv = DIFF_BUCKET_MV): DiffVoltageBucket[] {
  const counts = new Map<number, number>();
  let n = 0;
  for (const s of samples) {
    if (s.cells.length < 2) continue;
    const volts = s.cells.map((c) => c.voltage);
    const diffMv = Math.round((Math.max(...volts) - Math.min(...volts)) * 1000);
    const bucket = Math.floor(diffMv / bucketMv);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    n++;
  }
  return [...counts.entries()].sort((a, b) => a[0] - b[0])
    .map(([b, count]) => ({ fromMv: b * bucketMv, toMv: (b + 1) * bucketMv, count, probability: round((count / n) * 100, 2) }));
}

/** Probe readings that moved at least `minJumpC` between consecutive samples, oldest first. */
export function temperatureHops(samples: readonly CellSample[], minJumpC = TEMPERATURE_HOP_C): TemperatureHop[] {
  const last = new Map<string, { ts: number; temperature: number }>();
  const hops: TemperatureHop[] = [];
  for (const s of samples) {
    for (const p of s.probes) {
      const key = `${p.packNo}/${p.probeNo}`;
      const prev = last.get(key);
      if (prev && Math.abs(p.temperature - prev.temperature) >= minJumpC) {
        hops.push({ ts: s.ts, previousTs: prev.ts, packNo: p.packNo, probeNo: p.probeNo, fromC: prev.temperature, toC: p.temperature,
          deltaC: round(p.temperature - prev.temperature, 1) });
      }
      last.set(key, { ts: s.ts, temperature: p.temperature });
    }
  }
  return hops;
}
