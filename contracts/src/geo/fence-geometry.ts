/**
 * Geofence shapes, as stored in electronicFence.geometry and drawn by the fence editor:
 * `{center:[lng,lat], radius}` (metres) for a circle (fence_type 1) and
 * `{points:[[lng,lat],…]}` for a polygon (fence_type 2), WGS84.
 */
import { z } from 'zod';

export const FenceType = { circle: 1, polygon: 2 } as const;

const lngLat = z.tuple([
  z.number({ error: '经度必须是数字' }).min(-180, { error: '经度应在 -180 到 180 之间' }).max(180, { error: '经度应在 -180 到 180 之间' }),
  z.number({ error: '纬度必须是数字' }).min(-90, { error: '纬度应在 -90 到 90 之间' }).max(90, { error: '纬度应在 -90 到 90 之间' }),
], { error: '坐标应为 [经度, 纬度]' });

/** A circle: centre and a radius between 1 m and 500 km. */
export const circleGeometry = z.object({
  center: lngLat,
  radius: z.number({ error: '半径必须是数字' }).positive({ error: '半径必须大于0' }).max(500_000, { error: '半径不能超过500公里' }),
}, { error: '圆形围栏应为 {center:[经度,纬度], radius:米}' });

/** A polygon: at least three distinct corners, at most 2000. */
export const polygonGeometry = z.object({
  points: z.array(lngLat, { error: '多边形围栏应为 {points:[[经度,纬度],…]}' })
    .min(3, { error: '多边形至少需要3个顶点' })
    .max(2000, { error: '多边形最多2000个顶点' })
    .refine((pts) => new Set(pts.map((p) => `${p[0]},${p[1]}`)).size >= 3, { error: '多边形至少需要3个不同的顶点' }),
}, { error: '多边形围栏应为 {points:[[经度,纬度],…]}' });

export type CircleGeometry = z.infer<typeof circleGeometry>;
export type PolygonGeometry = z.infer<typeof polygonGeometry>;
export type FenceGeometry = CircleGeometry | PolygonGeometry;

/** The schema of a fence's geometry for its fence_type; unknown types accept neither shape. */
export function fenceGeometry(fenceType: number): z.ZodType<FenceGeometry> {
  if (fenceType === FenceType.circle) return circleGeometry;
  if (fenceType === FenceType.polygon) return polygonGeometry;
  return z.never({ error: '未知的围栏类型' });
}

/** Stored geometry (object or JSON text) of a fence type → the shape, or a message naming the problem. */
export function checkFenceGeometry(fenceType: unknown, raw: unknown): { ok: true; geometry: FenceGeometry } | { ok: false; message: string } {
  let value = raw;
  if (typeof raw === 'string') {
    try { value = JSON.parse(raw); } catch { return { ok: false, message: '围栏范围不是有效的JSON' }; }
  }
  const parsed = fenceGeometry(Number(fenceType)).safeParse(value);
  if (parsed.success) return { ok: true, geometry: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  return { ok: false, message: `${where}${issue?.message ?? '围栏范围无效'}` };
}
