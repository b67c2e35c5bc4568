import type { LivePosition } from '@wdiov/contracts/live/socket-messages';

/**
 * A deterministic moving fleet around a city centre, for the perf test and the dev hook:
 * each `next()` is what one second of a 1 Hz fleet looks like after coalescing.
 */
export function syntheticFleet(count: number, centre: [number, number] = [114.06, 22.54], seed = 1) {
  let s = seed >>> 0;
  const random = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const lng = new Float64Array(count);
  const lat = new Float64Array(count);
  const heading = new Float32Array(count);
  const state = new Uint8Array(count);
  const vins: string[] = [];
  for (let i = 0; i < count; i++) {
    vins.push(`LSYN${String(i).padStart(13, '0')}`);
    lng[i] = centre[0] + (random() - 0.5) * 0.8;
    lat[i] = centre[1] + (random() - 0.5) * 0.6;
    heading[i] = random() * 360;
    state[i] = 1 + Math.floor(random() * 4);
  }
  let ts = Date.UTC(2025, 0, 1);
  return {
    vins,
    next(): LivePosition[] {
      ts += 1000;
      const batch: LivePosition[] = new Array(count);
      for (let i = 0; i < count; i++) {
        heading[i] = (heading[i] + (random() - 0.5) * 20 + 360) % 360;
        const rad = (heading[i] * Math.PI) / 180;
        // About 10 m/s: 1e-4 degrees is roughly 11 m.
        lng[i] += Math.sin(rad) * 1e-4;
        lat[i] += Math.cos(rad) * 1e-4;
        const alarmLevel = random() < 0.01 ? 1 + Math.floor(random() * 3) : 0;
        batch[i] = {
          vin: vins[i], lng: lng[i], lat: lat[i], speed: 36, heading: heading[i],
          soc: 60, state: state[i], alarmLevel, ts,
        };
      }
      return batch;
    },
  };
}
