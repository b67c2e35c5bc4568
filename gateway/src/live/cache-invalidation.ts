import { wildcards } from '@wdiov/contracts';
import type { MessageBus, Subscription } from '../bus/bus.ts';

interface Invalidates { invalidate(): void }

/** Which streaming caches hold rows of which entities. */
const HOLDERS: Record<string, ReadonlyArray<'fences' | 'rules' | 'teams' | 'directory'>> = {
  electronicFence: ['fences'],
  electronicFenceVehicle: ['fences'],
  alarmConfig: ['rules'],
  alarmHandleTeam: ['teams'],
  vehicle: ['directory', 'fences'],
  terminal: ['directory'],
};

/**
 * Master-data writes are announced on subjects.changed by whichever gateway took them; every
 * gateway drops the caches that hold that entity, so a new fence or binding, a threshold or a
 * handling team applies from the next frame instead of after the caches' TTL.
 */
export function dropCachesOnChange(bus: MessageBus, caches: Record<'fences' | 'rules' | 'teams' | 'directory', Invalidates>): Subscription {
  return bus.subscribe(wildcards.allChanges, (m) => {
    const entity = m.subject.slice(m.subject.lastIndexOf('.') + 1);
    for (const holder of HOLDERS[entity] ?? []) caches[holder].invalidate();
  });
}
