import { z } from 'zod';
import { CITY_KEYS, DEFAULT_CITY, MAX_DEMO_FLEET } from '@wdiov/contracts/simulation/index';
import { fromThisMachine, TrustedProxies } from '../../lib/client-address.ts';
import { createRouter } from '../../lib/create-app.ts';
import { forbidden } from '../../lib/api-error.ts';
import { data } from '../../lib/envelope.ts';
import { parseWith, readJsonObject } from '../../lib/read-input.ts';
import { deviceText } from '../../lib/texts/device-text.ts';
import { registerDemoVehicles } from '../../seed/demo-fleet.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

/** Vehicles per registration call: the simulator sends a large fleet in several. */
export const DEMO_REGISTER_MAX = 1000;

const DemoRange = z.object({
  seed: z.number({ error: () => deviceText('demoSeed') }).int().min(0).max(0xffffffff),
  from: z.number({ error: () => deviceText('demoFrom') }).int().min(0).max(MAX_DEMO_FLEET),
  to: z.number({ error: () => deviceText('demoTo') }).int().min(1).max(MAX_DEMO_FLEET),
  city: z.enum(CITY_KEYS as [string, ...string[]], { error: () => deviceText('demoCity', { cities: CITY_KEYS.join(', ') }) }).default(DEFAULT_CITY),
}).refine((r) => r.to > r.from && r.to - r.from <= DEMO_REGISTER_MAX, { error: () => `${deviceText('demoRange', { limit: DEMO_REGISTER_MAX })} [from, to]` });

/**
 * The simulator registers the fleet it is about to drive (`npm run simulate -- --vehicles
 * 10000`): the demo tenant's vehicles for a seed and index range. Only while the demo fleet is
 * on (DEMO_FLEET, the embedded default) and only from this machine, like the simulator beside
 * `npm start` (behind a trusted proxy: with an administrator's token instead); a production installation turns DEMO_FLEET off and registers vehicles itself.
 */
export function demoFleetRoutes({ env, repos, dictionaries }: BespokeDeps) {
  const router = createRouter();
  const proxies = new TrustedProxies(env.TRUST_PROXY);
  router.post('/demoFleet/register', async (c) => {
    if (!env.DEMO_FLEET) throw forbidden(deviceText('demoOff'));
    // Behind a trusted proxy every client looks local: the call then took a token like any other (auth-middleware.ts).
    if (!proxies.any && !fromThisMachine(c, proxies)) throw forbidden(deviceText('demoLocalOnly'));
    const range = parseWith(DemoRange, await readJsonObject(c));
    return data(c, await registerDemoVehicles(repos, dictionaries, range as Parameters<typeof registerDemoVehicles>[2]));
  });
  return router;
}
