import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath, Pie } from '@visx/shape';
import { useI18n } from '../i18n/i18n';

/** Small visx charts of the data board; colours come from the caller, text colours from CSS (themes). */

const MARGIN = { top: 12, right: 12, bottom: 28, left: 44 };

/** The width of a chart's box, followed as it resizes (a fixed fallback where there is no layout). */
function useWidth(fallback = 480): [React.RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && entry.contentRect.width > 0 && setWidth(Math.max(200, entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}

export interface Series { key: string; label: string; colour: string }

function Legend({ series }: { series: Series[] }) {
  return (
    <div className="wd-chart-legend">
      {series.map((s) => <span key={s.key}><i style={{ background: s.colour }} />{s.label}</span>)}
    </div>
  );
}

function Frame({ label, series, children, height, empty = false }: { label: string; series?: Series[]; height: number; empty?: boolean; children: (width: number) => ReactNode }) {
  const [box, width] = useWidth();
  const { t } = useI18n();
  return (
    <div ref={box} className="wd-chart" role="img" aria-label={label}>
      <svg width={width} height={height}>{children(width)}</svg>
      {/* Axes alone read as "all zero": say there is nothing yet. */}
      {empty && <p className="wd-chart-empty">{t('screenNothing')}</p>}
      {series && <Legend series={series} />}
    </div>
  );
}

const shortDate = (d: string) => d.slice(5);

/** Bars per day, one per series side by side. */
/** No series has a value other than zero on any day. */
const nothing = <T,>(rows: T[], series: Series[]) => rows.every((r) => series.every((s) => !Number((r as Record<string, unknown>)[s.key])));

export function DayBars<T extends { date: string }>({ label, rows, series, height = 200 }: { label: string; rows: T[]; series: Series[]; height?: number }) {
  return (
    <Frame label={label} series={series} height={height} empty={nothing(rows, series)}>
      {(width) => {
        const innerW = width - MARGIN.left - MARGIN.right;
        const innerH = height - MARGIN.top - MARGIN.bottom;
        const x = scaleBand<string>({ domain: rows.map((r) => r.date), range: [0, innerW], padding: 0.25 });
        const inner = scaleBand<string>({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.1 });
        const max = Math.max(1, ...rows.flatMap((r) => series.map((s) => Number((r as Record<string, unknown>)[s.key]) || 0)));
        const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
        const every = Math.ceil(rows.length / 8);
        return (
          <Group left={MARGIN.left} top={MARGIN.top}>
            {rows.map((r) => series.map((s) => {
              const v = Number((r as Record<string, unknown>)[s.key]) || 0;
              return <Bar key={`${r.date}-${s.key}`} data-testid="chart-bar" x={(x(r.date) ?? 0) + (inner(s.key) ?? 0)} y={y(v)} width={inner.bandwidth()} height={innerH - y(v)} fill={s.colour} rx={2} />;
            }))}
            <AxisLeft scale={y} numTicks={4} />
            <AxisBottom top={innerH} scale={x} tickFormat={(d, i) => (i % every === 0 ? shortDate(String(d)) : '')} />
          </Group>
        );
      }}
    </Frame>
  );
}

/** Lines per day, one per series, each on the shared left axis. */
export function TrendLines<T extends { date: string }>({ label, rows, series, height = 200 }: { label: string; rows: T[]; series: Series[]; height?: number }) {
  return (
    <Frame label={label} series={series} height={height} empty={nothing(rows, series)}>
      {(width) => {
        const innerW = width - MARGIN.left - MARGIN.right;
        const innerH = height - MARGIN.top - MARGIN.bottom;
        const x = scaleBand<string>({ domain: rows.map((r) => r.date), range: [0, innerW], padding: 0.5 });
        const value = (r: T, key: string) => Number((r as Record<string, unknown>)[key]) || 0;
        const max = Math.max(1, ...rows.flatMap((r) => series.map((s) => value(r, s.key))));
        const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
        const every = Math.ceil(rows.length / 8);
        return (
          <Group left={MARGIN.left} top={MARGIN.top}>
            {series.map((s) => (
              <LinePath key={s.key} data-testid="chart-line" data={rows} x={(r) => (x(r.date) ?? 0) + x.bandwidth() / 2} y={(r) => y(value(r, s.key))} stroke={s.colour} strokeWidth={2} />
            ))}
            <AxisLeft scale={y} numTicks={4} />
            <AxisBottom top={innerH} scale={x} tickFormat={(d, i) => (i % every === 0 ? shortDate(String(d)) : '')} />
          </Group>
        );
      }}
    </Frame>
  );
}

/** A ring of parts of a whole (fleet by state) with the total in the middle. */
export function Donut({ label, parts, centre, height = 200 }: { label: string; parts: (Series & { value: number })[]; centre: string; height?: number }) {
  const shown = parts.filter((p) => p.value > 0);
  return (
    <Frame label={label} series={parts} height={height}>
      {(width) => {
        const r = Math.min(width, height) / 2 - 8;
        return (
          <Group left={width / 2} top={height / 2}>
            {shown.length === 0 ? <circle r={r - 14} fill="none" strokeWidth={28} className="wd-chart-empty-ring" /> : (
              <Pie data={shown} pieValue={(p) => p.value} outerRadius={r} innerRadius={r - 28} padAngle={0.01}>
                {(pie) => pie.arcs.map((arc) => <path key={arc.data.key} data-testid="chart-arc" d={pie.path(arc) ?? ''} fill={arc.data.colour} />)}
              </Pie>
            )}
            <text textAnchor="middle" dy="0.35em" className="wd-chart-centre">{centre}</text>
          </Group>
        );
      }}
    </Frame>
  );
}

/** Horizontal bars of a ranking (top vehicles). */
export function RankBars({ label, rows, colour, height = 200 }: { label: string; rows: { name: string; value: number }[]; colour: string; height?: number }) {
  return (
    <Frame label={label} height={height}>
      {(width) => {
        const left = 86;
        const innerW = width - left - MARGIN.right - 30;
        const innerH = height - MARGIN.top - 8;
        const y = scaleBand<string>({ domain: rows.map((r) => r.name), range: [0, innerH], padding: 0.25 });
        const x = scaleLinear<number>({ domain: [0, Math.max(1, ...rows.map((r) => r.value))], range: [0, innerW] });
        return (
          <Group left={left} top={MARGIN.top}>
            {rows.map((r) => (
              <g key={r.name}>
                <text x={-6} y={(y(r.name) ?? 0) + y.bandwidth() / 2} dy="0.35em" textAnchor="end" className="wd-chart-label">{r.name}</text>
                <Bar data-testid="chart-rank" x={0} y={y(r.name)} width={Math.max(1, x(r.value))} height={y.bandwidth()} fill={colour} rx={2} />
                <text x={x(r.value) + 4} y={(y(r.name) ?? 0) + y.bandwidth() / 2} dy="0.35em" className="wd-chart-label">{r.value}</text>
              </g>
            ))}
          </Group>
        );
      }}
    </Frame>
  );
}
