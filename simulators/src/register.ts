/**
 * Registers the fleet the simulator is about to drive with the gateway (its demo-fleet call),
 * so vehicles other than the seeded demo fleet can log in: the missing ones are created in
 * batches before any vehicle connects. Accepted only while the gateway runs its demo fleet
 * (DEMO_FLEET, the default of `npm start`) and from the same machine.
 */
import { DEMO_FLEET } from '@wdiov/contracts/simulation/index';

/** Vehicles per call, the gateway's limit. */
const BATCH = 1000;

export interface RegisterOptions {
  api: string;
  seed: number;
  vehicles: number;
  city: string;
}

export interface Registration {
  registered: number;
  alreadyKnown: number;
  refused: number;
}

/** Whether a fleet needs registering: the gateway seeds only the demo fleet (seed 1, 200 vehicles). */
export const needsRegistration = (o: { seed: number; vehicles: number }) => o.seed !== DEMO_FLEET.seed || o.vehicles > DEMO_FLEET.count;

export async function registerFleet(o: RegisterOptions, onProgress: (done: number, total: number) => void = () => {}): Promise<Registration> {
  const total: Registration = { registered: 0, alreadyKnown: 0, refused: 0 };
  const url = `${o.api.replace(/\/+$/, '')}/api/wdiov-base/demoFleet/register`;
  for (let from = 0; from < o.vehicles; from += BATCH) {
    const to = Math.min(o.vehicles, from + BATCH);
    const res = await fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: o.seed, from, to, city: o.city }),
    });
    const body = (await res.json().catch(() => ({}))) as { code?: number; msg?: string; data?: Registration };
    if (body.code !== 200 || !body.data) throw new Error(`the gateway refused to register the fleet: ${body.msg ?? `HTTP ${res.status}`}`);
    total.registered += body.data.registered;
    total.alreadyKnown += body.data.alreadyKnown;
    total.refused += body.data.refused;
    onProgress(to, o.vehicles);
  }
  return total;
}
