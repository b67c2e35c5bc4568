import { describe, expect, it } from 'vitest';
import { checkFenceGeometry, fenceGeometryProblem, fenceGeometryText, FenceType } from '../src/geo/fence-geometry.ts';

const circle = { center: [114.06, 22.54], radius: 300 };
const polygon = { points: [[114, 22], [114.1, 22], [114.1, 22.1]] };

describe('fence geometry', () => {
  it('accepts a circle and a polygon for their own types only', () => {
    expect(fenceGeometryProblem(FenceType.circle, circle)).toBeNull();
    expect(fenceGeometryProblem(FenceType.polygon, polygon)).toBeNull();
    expect(fenceGeometryProblem(FenceType.circle, polygon)).toEqual({ code: 'circleShape' });
    expect(fenceGeometryProblem(FenceType.polygon, circle)).toEqual({ code: 'polygonShape' });
    expect(fenceGeometryProblem(9, circle)).toEqual({ code: 'unknownType' });
    expect(fenceGeometryProblem('', circle)).toEqual({ code: 'typeFirst' });
  });

  it('answers the first problem as a code with the spot it is about', () => {
    expect(fenceGeometryProblem(1, { center: [181, 22], radius: 5 })).toEqual({ code: 'longitude', spot: { centre: true } });
    expect(fenceGeometryProblem(2, { points: [[1, 1], [2, 95], [3, 3]] })).toEqual({ code: 'latitude', spot: { point: 2 } });
    expect(fenceGeometryProblem(2, { points: [[1, 1], [2, 2], [1, 1]] })).toEqual({ code: 'points' });
    expect(fenceGeometryProblem(2, { points: Array.from({ length: 2001 }, (_, i) => [i / 100, 1]) })).toEqual({ code: 'pointsMax' });
    expect(fenceGeometryProblem(1, { center: [114, 22], radius: 0 })).toEqual({ code: 'radius' });
    expect(fenceGeometryProblem(1, { center: [114, 22], radius: 500_001 })).toEqual({ code: 'radiusMax' });
    expect(fenceGeometryProblem(1, { center: ['114', 22], radius: 5 })).toEqual({ code: 'coordinate', spot: { centre: true } });
  });

  it('words each problem in Chinese and in English', () => {
    const problem = { code: 'latitude', spot: { point: 3 } } as const;
    expect(fenceGeometryText(problem)).toBe('第 3 个顶点的纬度应在 -90 到 90 之间');
    expect(fenceGeometryText(problem, 'en')).toBe('The latitude of point 3 must be between -90 and 90');
  });

  it('reads stored JSON text', () => {
    expect(checkFenceGeometry('1', '{"center":[114,22],"radius":50}')).toMatchObject({ ok: true, geometry: { radius: 50 } });
    expect(checkFenceGeometry(1, '{oops')).toEqual({ ok: false, message: '围栏范围不是有效的JSON' });
    expect(checkFenceGeometry(1, '{oops', 'en')).toEqual({ ok: false, message: 'The geometry is not valid JSON' });
    expect(checkFenceGeometry(2, { points: [[1, 1], [2, 2]] })).toEqual({ ok: false, message: '多边形至少需要 3 个不同的顶点' });
  });
});
