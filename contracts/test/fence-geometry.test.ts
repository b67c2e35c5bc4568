import { describe, expect, it } from 'vitest';
import { checkFenceGeometry, fenceGeometry, FenceType } from '../src/geo/fence-geometry.ts';

describe('fence geometry', () => {
  it('accepts a circle and a polygon for their own types only', () => {
    const circle = { center: [114.06, 22.54], radius: 300 };
    const polygon = { points: [[114, 22], [114.1, 22], [114.1, 22.1]] };
    expect(fenceGeometry(FenceType.circle).safeParse(circle).success).toBe(true);
    expect(fenceGeometry(FenceType.polygon).safeParse(polygon).success).toBe(true);
    expect(fenceGeometry(FenceType.circle).safeParse(polygon).success).toBe(false);
    expect(fenceGeometry(FenceType.polygon).safeParse(circle).success).toBe(false);
    expect(fenceGeometry(9).safeParse(circle).success).toBe(false);
  });

  it('reads stored JSON text and names the part at fault', () => {
    expect(checkFenceGeometry('1', '{"center":[114,22],"radius":50}')).toMatchObject({ ok: true, geometry: { radius: 50 } });
    expect(checkFenceGeometry(1, '{oops')).toEqual({ ok: false, message: '围栏范围不是有效的JSON' });
    expect(checkFenceGeometry(1, { center: [181, 22], radius: 5 })).toEqual({ ok: false, message: 'center.0: 经度应在 -180 到 180 之间' });
    expect(checkFenceGeometry(2, { points: [[1, 1], [2, 2]] })).toEqual({ ok: false, message: 'points: 多边形至少需要3个顶点' });
    expect(checkFenceGeometry(1, { center: [114, 22], radius: 600_000 })).toMatchObject({ ok: false, message: 'radius: 半径不能超过500公里' });
  });
});
