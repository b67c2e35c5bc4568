import { safetyModelLevelRoute } from '@wdiov/contracts/api/safety-model-level.route';
import { routeOf } from '../lib/contract.ts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import { dayOf } from '../stats/day-figures.ts';
import type { BespokeDeps } from '../routes/bespoke-deps.ts';
import { escalationThresholds, modelLevelCounts, modelLevelPeriod, modelLevelRows } from './model-level.ts';
import { SafetySettingsSource } from './settings-source.ts';

/**
 * The model-level figures of GB/T 45688 Annex D per vehicle model of the caller's tenant. The
 * models, vehicles and warnings are each narrowed by their repository's scope, so tenant,
 * logical delete and data scope hold: a user who sees part of the fleet gets that part's ratios.
 */
export function safetyModelLevelRoutes({ db, repos, env, logger }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;
  const settings = new SafetySettingsSource(db, (err) => logger.error({ err }, 'safety settings not read'));

  router.openapi(routeOf(safetyModelLevelRoute), async (c) => {
    const q = c.req.valid('query');
    const principal = c.get('principal');
    const period = modelLevelPeriod(q.endDay ?? dayOf(Date.now(), offset), q.periodDays, offset);
    const [models, vehicles, warnings, s] = await Promise.all([
      repos.get('vehicleModel').scope(principal), repos.get('vehicle').scope(principal), repos.get('safetyWarning').scope(principal), settings.fresh(),
    ]);
    const counts = await modelLevelCounts(db, { models, vehicles, warnings }, period.from, period.to);
    return data(c, {
      startDay: period.startDay, endDay: period.endDay, periodDays: period.periodDays, ...escalationThresholds(s), records: modelLevelRows(counts, s),
    });
  });
  return router;
}
