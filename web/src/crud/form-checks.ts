import type { EntityName } from '@wdiov/contracts/entities/registry';
import { fenceGeometryProblem, fenceGeometryText } from '@wdiov/contracts/geo/fence-geometry';
import { getLanguage } from '../i18n/i18n';

/** A field's value, checked against the other values of its form: a message, or null. */
type CrossCheck = (value: unknown, values: Record<string, unknown>) => string | null;

interface FieldCheck {
  /** The fields the check reads: a change to one of them checks this field again. */
  dependsOn: readonly string[];
  check: CrossCheck;
}

/**
 * A fence's geometry (parsed JSON) against its fence type, in the console's language: the
 * contracts' rule, the one the gateway applies on every write.
 */
export function fenceGeometryMessage(fenceType: unknown, geometry: unknown): string | null {
  const problem = fenceGeometryProblem(fenceType, geometry);
  return problem && fenceGeometryText(problem, getLanguage());
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
