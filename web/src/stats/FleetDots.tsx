import { scaleLinear } from '@visx/scale';
import { stateKeyOf, STATE_HEX } from '../live-store/vehicle-colours';

/**
 * The online fleet as dots placed by longitude and latitude (equirectangular, bounds from the
 * points with a margin), coloured by state and alarm level as everywhere in the console: a wall
 * display's overview of where the vehicles are, without tiles.
 */
export function FleetDots({ points, label, width, height }: { points: [number, number, number, number][]; label: string; width: number; height: number }) {
  const pad = 0.02;
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [minLng, maxLng] = points.length ? [Math.min(...lngs), Math.max(...lngs)] : [73, 135];
  const [minLat, maxLat] = points.length ? [Math.min(...lats), Math.max(...lats)] : [18, 54];
  const spanLng = Math.max(maxLng - minLng, 0.05);
  const spanLat = Math.max(maxLat - minLat, 0.05);
  const x = scaleLinear({ domain: [minLng - spanLng * pad, minLng + spanLng * (1 + pad)], range: [8, width - 8] });
  const y = scaleLinear({ domain: [minLat - spanLat * pad, minLat + spanLat * (1 + pad)], range: [height - 8, 8] });
  return (
    <svg className="wd-screen-dots" width={width} height={height} role="img" aria-label={label}>
      <rect x={0} y={0} width={width} height={height} rx={6} className="wd-screen-dots-bg" />
      {points.map(([lng, lat, state, level], i) => (
        <circle key={i} cx={x(lng)} cy={y(lat)} r={level > 0 ? 4 : 3} fill={STATE_HEX[stateKeyOf(state, level)]} opacity={0.85} />
      ))}
    </svg>
  );
}
