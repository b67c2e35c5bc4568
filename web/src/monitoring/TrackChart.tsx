import { memo, useMemo, useRef, useState, useEffect, type PointerEvent } from 'react';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import { useI18n } from '../i18n/i18n';
import type { TrackPoint } from '../map/layers/map-ui';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { decimate } from './playback';
import { timeText } from './time-slot';

const HEIGHT = 160;
const MARGIN = { top: 10, right: 44, bottom: 24, left: 44 };
const MAX_CHART_POINTS = 1500;
const SPEED = STATE_HEX.parked;
const SOC = STATE_HEX.driving;

interface Props {
  points: readonly TrackPoint[];
  start: number;
  end: number;
  playhead: number;
  onSeek: (t: number) => void;
  /** The server's zone: the axis shows its wall clock, as the rest of the page does. */
  utcOffsetMin: number;
}

/** Speed and SOC over the track; the playhead line follows playback and a click seeks. */
export function TrackChart({ points, start, end, playhead, onSeek, utcOffsetMin }: Props) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(300, entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const innerW = width - MARGIN.left - MARGIN.right;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = useMemo(() => scaleLinear<number>({ domain: [start, Math.max(end, start + 1)], range: [0, innerW] }), [start, end, innerW]);
  const seek = (event: PointerEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    onSeek(Math.round(x.invert(event.clientX - rect.left)));
  };
  return (
    <div ref={box} className="wd-track-chart" aria-label={t('monTrackChart')}>
      <svg width={width} height={HEIGHT} role="img">
        <Group left={MARGIN.left} top={MARGIN.top}>
          <ChartLines points={points} x={x} innerW={innerW} innerH={innerH} />
          <Line from={{ x: x(playhead), y: 0 }} to={{ x: x(playhead), y: innerH }} stroke="#f56c6c" strokeWidth={2} data-testid="chart-playhead" />
          <rect width={innerW} height={innerH} fill="transparent" onPointerDown={seek} style={{ cursor: 'col-resize' }} />
          <AxisBottom top={innerH} scale={x} numTicks={6} tickFormat={(v) => timeText(Number(v), utcOffsetMin).slice(11, 16)} />
        </Group>
      </svg>
      <div className="wd-track-chart-legend">
        <span style={{ color: SPEED }}>— {t('alarmSpeed')} (km/h)</span>
        <span style={{ color: SOC }}>— SOC (%)</span>
      </div>
    </div>
  );
}

type Scale = ReturnType<typeof scaleLinear<number>>;

/** The lines only change with the track or the size: memoised so the playhead moves alone. */
const ChartLines = memo(function ChartLines({ points, x, innerW, innerH }: { points: readonly TrackPoint[]; x: Scale; innerW: number; innerH: number }) {
  const shown = useMemo(() => decimate(points, MAX_CHART_POINTS), [points]);
  const maxSpeed = Math.max(60, ...shown.map((p) => p.speed));
  const ySpeed = scaleLinear<number>({ domain: [0, maxSpeed], range: [innerH, 0], nice: true });
  const ySoc = scaleLinear<number>({ domain: [0, 100], range: [innerH, 0] });
  // Sentinels (−0.1 invalid, −0.2 abnormal) and missing SOC are gaps, not dives to zero.
  return (
    <>
      <LinePath data={shown} x={(p) => x(p.ts)} y={(p) => ySpeed(p.speed)} defined={(p) => p.speed >= 0} stroke={SPEED} strokeWidth={1.5} />
      <LinePath data={shown} x={(p) => x(p.ts)} y={(p) => ySoc(p.soc ?? 0)} defined={(p) => p.soc !== null && p.soc >= 0} stroke={SOC} strokeWidth={1.5} />
      <AxisLeft scale={ySpeed} numTicks={4} />
      <AxisRight left={innerW} scale={ySoc} numTicks={4} />
    </>
  );
});
