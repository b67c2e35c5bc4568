import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';

const WIDTH = 180;
const HEIGHT = 36;
const PAD = 3;

/**
 * An item's day figure over the profile's days as a small line: days without a figure break
 * the line (no row that day is no reading, not a zero), the newest value is marked.
 */
export function TrendLine({ label, values }: { label: string; values: readonly (number | null)[] }) {
  const known = values.filter((v): v is number => v !== null);
  const max = Math.max(1, ...known);
  const min = Math.min(0, ...known);
  const x = scaleLinear<number>({ domain: [0, Math.max(1, values.length - 1)], range: [PAD, WIDTH - PAD] });
  const y = scaleLinear<number>({ domain: [min, max], range: [HEIGHT - PAD, PAD] });
  const points = values.map((v, i) => ({ i, v }));
  const lastAt = values.reduce<number>((found, v, i) => (v !== null ? i : found), -1);
  return (
    <svg className="wd-safety-trend" width={WIDTH} height={HEIGHT} role="img" aria-label={label}>
      <LinePath data={points} x={(p) => x(p.i)} y={(p) => y(p.v ?? 0)} defined={(p) => p.v !== null} />
      {lastAt >= 0 && <circle data-testid="trend-last" cx={x(lastAt)} cy={y(values[lastAt]!)} r={2.5} />}
    </svg>
  );
}
