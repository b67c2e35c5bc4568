import { wildcards } from '@wdiov/contracts';
import type { MessageBus, Subscription } from '../bus/bus.ts';

interface Invalidates { invalidate(): void }

/** Which streaming caches hold rows of which entities. */
type Holder = 'fences' | 'rules' | 'teams' | 'directory' | 'scopes';
const HOLDERS: Record<string, ReadonlyArray<Holder>> = {
  electronicFence: ['fences'],
  electronicFenceVehicle: ['fences'],
  alarmConfig: ['rules'],
  alarmHandleTeam: ['teams'],
  vehicle: ['directory', 'fences', 'scopes'],
  terminal: ['directory'],
  // Who may see which vehicle (the sockets' vehicle scopes).
  dept: ['scopes'],
  role: ['scopes'],
  dataScope: ['scopes'],
};

/**
 * Master-data writes are announced on subjects.changed by whichever gateway took them; every
 * gateway drops the caches that hold that entity, so a new fence or binding, a threshold, a
 * handling team or a data scope applies from the next frame instead of after the caches' TTL.
 */
export function dropCachesOnChange(bus: MessageBus, caches: Record<Holder, Invalidates>): Subscription {
  return bus.subscribe(wildcards.allChanges, (m) => {
    const entity = m.subject.slice(m.subject.lastIndexOf('.') + 1);
    for (const holder of HOLDERS[entity] ?? []) caches[holder].invalidate();
  });
}
