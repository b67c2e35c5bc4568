import { formatDateTime } from '@wdiov/contracts';
import type { positions } from '../../db/schema/index.ts';
import { speedValue, STATE_NAMES } from './fleet.ts';

export type PositionRow = typeof positions.$inferSelect;

/** A stop: the speed stays exactly 0 for at least this long. */
export const STOP_MIN_MS = 3 * 60_000;
/** Playback answers at most one day and this many points. */
export const TRACK_MAX_MS = 24 * 3_600_000;
export const TRACK_MAX_POINTS = 50_000;

export interface Stop { start: number; end: number; lng: number | null; lat: number | null }

/** Runs of consecutive zero-speed points lasting at least `minMs` (first to last point of the run). */
export function detectStops(rows: Pick<PositionRow, 'ts' | 'speed' | 'lng' | 'lat'>[], minMs = STOP_MIN_MS): Stop[] {
  const stops: Stop[] = [];
  let from = -1;
  const close = (until: number) => {
    if (from >= 0 && until > from) {
      const first = rows[from]!;
      const last = rows[until - 1]!;
      if (last.ts.getTime() - first.ts.getTime() >= minMs) stops.push({ start: first.ts.getTime(), end: last.ts.getTime(), lng: first.lng, lat: first.lat });
    }
    from = -1;
  };
  rows.forEach((r, i) => {
    if (r.speed === 0) {
      if (from < 0) from = i;
    } else {
      close(i);
    }
  });
  close(rows.length);
  return stops;
}

/** A stored position as the console shows it (speed by the spec's sentinel convention: −0.1 unknown). */
export function pointView(r: PositionRow, utcOffsetMin: number) {
  return {
    time: formatDateTime(r.ts, utcOffsetMin),
    lng: r.lng, lat: r.lat, speed: speedValue(r.speed), soc: r.soc, mileage: r.mileage, voltage: r.voltage, current: r.current,
    heading: r.heading ?? 0, state: r.state, stateName: STATE_NAMES[r.state ?? 0] ?? '', alarmLevel: r.alarmLevel ?? 0, reissue: r.reissue,
  };
}

export function stopView(s: Stop, utcOffsetMin: number) {
  return {
    startTime: formatDateTime(s.start, utcOffsetMin), endTime: formatDateTime(s.end, utcOffsetMin),
    duration: Math.round((s.end - s.start) / 1000), lng: s.lng, lat: s.lat,
  };
}

export const TRACK_CSV_HEADER = ['时间', '经度', '纬度', '速度(km/h)', 'SOC(%)', '总电压(V)', '总电流(A)', '累计里程(km)', '方向(°)', '状态', '报警等级', '补发'];

export function trackCsvRow(p: ReturnType<typeof pointView>): unknown[] {
  return [p.time, p.lng, p.lat, p.speed, p.soc, p.voltage, p.current, p.mileage, p.heading, p.stateName, p.alarmLevel, p.reissue ? '是' : '否'];
}
