import { entityByName, wildcards, type EntityCache } from '@wdiov/contracts';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { MessageBus, Subscription } from '../bus/bus.ts';

export interface Invalidates { invalidate(): void }

/**
 * Master-data writes are announced on subjects.changed by whichever gateway took them; every
 * gateway drops the caches that the written entity's definition names (`caches`), so a new fence
 * or binding, a threshold, a handling team or a data scope applies from the next frame instead of
 * after the caches' TTL. `entityOf` looks the subject's entity up (the registry; tests add theirs).
 */
export function dropCachesOnChange(
  bus: MessageBus,
  caches: Partial<Record<EntityCache, Invalidates>>,
  entityOf: (name: string) => AnyEntity | undefined = entityByName,
  /** Also told of each written entity (the repositories drop what they read of it). */
  written?: (entity: AnyEntity) => void,
): Subscription {
  return bus.subscribe(wildcards.allChanges, (m) => {
    const entity = entityOf(m.subject.slice(m.subject.lastIndexOf('.') + 1));
    if (!entity) return;
    for (const name of entity.caches ?? []) caches[name]?.invalidate();
    written?.(entity);
  });
}
