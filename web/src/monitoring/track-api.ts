import type { HttpClient } from '../api/http';
import type { StopPoint, Track, TrackPoint } from '../map/layers/map-ui';
import { timeText, toMs } from './time-slot';
import { asArray, asRecord, pickReading, pickText, readData } from './wire-parse';

export interface TrackAnswer {
  track: Track;
  plate: string;
  truncated: boolean;
  mileage: number | null;
  maxSpeed: number | null;
}

/** Points in time order with a flat path for deck.gl; points without a position are dropped. */
export function buildTrack(points: TrackPoint[], stops: StopPoint[] = []): Track {
  const sorted = points.filter((p) => Number.isFinite(p.lng) && Number.isFinite(p.lat) && Number.isFinite(p.ts)).sort((a, b) => a.ts - b.ts);
  const path = new Float64Array(sorted.length * 2);
  sorted.forEach((p, i) => {
    path[i * 2] = p.lng;
    path[i * 2 + 1] = p.lat;
  });
  return { points: sorted, path, stops };
}

/** The answer; its 'yyyy-MM-dd HH:mm:ss' times are in the server's zone (`offsetMin`). */
export function readTrack(body: unknown, offsetMin: number): TrackAnswer {
  const raw = readData(body);
  const d = asRecord(raw);
  const list = Array.isArray(raw) ? raw : asArray(d.points ?? d.positions ?? d.track ?? d.list);
  const points: TrackPoint[] = list.map((item) => {
    const r = asRecord(item);
    return {
      ts: toMs(r.ts ?? r.time ?? r.gpsTime, offsetMin),
      lng: pickReading(r, 'lng', 'longitude') ?? Number.NaN,
      lat: pickReading(r, 'lat', 'latitude') ?? Number.NaN,
      speed: pickReading(r, 'speed', 'speedKmh') ?? -0.1,
      soc: pickReading(r, 'soc', 'socPercent'),
      heading: pickReading(r, 'heading', 'direction') ?? 0,
    };
  });
  const stops: StopPoint[] = asArray(d.stops ?? d.stopPoints).map((item) => {
    const r = asRecord(item);
    return { lng: pickReading(r, 'lng') ?? Number.NaN, lat: pickReading(r, 'lat') ?? Number.NaN, start: toMs(r.startTime ?? r.start, offsetMin), end: toMs(r.endTime ?? r.end, offsetMin) };
  }).filter((s) => Number.isFinite(s.lng) && Number.isFinite(s.lat));
  return {
    track: buildTrack(points, stops),
    plate: pickText(d, 'plateNumber', 'plate'),
    truncated: d.truncated === true,
    mileage: pickReading(d, 'mileage'),
    maxSpeed: pickReading(d, 'maxSpeed'),
  };
}

const TRACK_URL = '/wdiov-base/historyTrack/historyTrackPlayback';

/** The range as the gateway reads it: 'yyyy-MM-dd HH:mm:ss' in its zone. */
export function trackParams(vin: string, start: number, end: number, offsetMin: number) {
  return { vin, startTime: timeText(start, offsetMin), endTime: timeText(end, offsetMin) };
}

export async function fetchTrack(http: HttpClient, vin: string, start: number, end: number, offsetMin: number): Promise<TrackAnswer> {
  return readTrack(await http.get(TRACK_URL, trackParams(vin, start, end, offsetMin)), offsetMin);
}

export const TRACK_EXPORT_URL = `${TRACK_URL}-export`;
