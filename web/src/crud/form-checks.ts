import type { EntityName } from '@wdiov/contracts/entities/registry';
import { fenceGeometry, FenceType } from '@wdiov/contracts/geo/fence-geometry';
import { t } from '../i18n/i18n';
import { isBlank } from './field-defs';

/** A field's value, checked against the other values of its form: a message, or null. */
type CrossCheck = (value: unknown, values: Record<string, unknown>) => string | null;

interface FieldCheck {
  /** The fields the check reads: a change to one of them checks this field again. */
  dependsOn: readonly string[];
  check: CrossCheck;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A `[lng, lat]` pair (`where` names it in the message), or its problem. */
function coordinateMessage(point: unknown, where: string): string | null {
  if (!Array.isArray(point) || point.length !== 2 || !point.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return t('monFenceGeoCoordinate', { where });
  }
  const [lng, lat] = point as [number, number];
  if (lng < -180 || lng > 180) return t('monFenceGeoLng', { where });
  if (lat < -90 || lat > 90) return t('monFenceGeoLat', { where });
  return null;
}

/**
 * A fence's geometry (parsed JSON) against its fence type (dictionary fence_type: 1 circle,
 * 2 polygon), in the console's language; the contracts' schema, which the gateway applies on
 * every write, has the last word.
 */
export function fenceGeometryMessage(fenceType: unknown, geometry: unknown): string | null {
  if (isBlank(fenceType)) return t('monFenceGeoTypeFirst');
  const type = Number(fenceType);
  if (type === FenceType.circle) {
    if (!isRecord(geometry) || !('center' in geometry) || !('radius' in geometry)) return t('monFenceGeoCircleShape');
    const centre = coordinateMessage(geometry.center, t('monFenceGeoCentre'));
    if (centre) return centre;
    if (typeof geometry.radius !== 'number' || !(geometry.radius > 0)) return t('monFenceGeoRadius');
    if (geometry.radius > 500_000) return t('monFenceGeoRadiusMax');
  } else if (type === FenceType.polygon) {
    if (!isRecord(geometry) || !Array.isArray(geometry.points)) return t('monFenceGeoPolygonShape');
    for (const [i, point] of geometry.points.entries()) {
      const message = coordinateMessage(point, t('monFenceGeoPoint', { n: i + 1 }));
      if (message) return message;
    }
    const distinct = new Set((geometry.points as number[][]).map((p) => `${p[0]},${p[1]}`));
    if (distinct.size < 3) return t('monFenceGeoPoints');
    if (geometry.points.length > 2000) return t('monFenceGeoPointsMax');
  } else {
    return t('monFenceGeoUnknownType');
  }
  const parsed = fenceGeometry(type).safeParse(geometry);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? t('commonUnknownError'));
}

/** Checks of one field against others, by the entity's typed name and field (the generic form applies them). */
const CHECKS: { readonly [N in EntityName]?: Record<string, FieldCheck> } = {
  electronicFence: {
    geometry: { dependsOn: ['fenceType'], check: (value, values) => fenceGeometryMessage(values.fenceType, value) },
  },
};

const checksOf = (entity: string): Record<string, FieldCheck> => CHECKS[entity as EntityName] ?? {};

/** The message of a field's check against the other values, or null (no check, or it passes). */
export function crossFieldMessage(entity: string, field: string, value: unknown, values: Record<string, unknown>): string | null {
  return checksOf(entity)[field]?.check(value, values) ?? null;
}

/** The fields whose checks read this one. */
export function dependentFields(entity: string, field: string): string[] {
  return Object.entries(checksOf(entity))
    .filter(([, c]) => c.dependsOn.includes(field))
    .map(([name]) => name);
}
