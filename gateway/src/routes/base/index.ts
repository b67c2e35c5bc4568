import type { MessageBus } from '../../bus/bus.ts';
import { createRouter } from '../../lib/create-app.ts';
import type { LatestState } from '../../live/latest-state.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { alarmRoutes } from './alarms.routes.ts';
import { demoFleetRoutes } from './demo-fleet.routes.ts';
import { diagnosisRoutes } from './diagnosis.routes.ts';
import { faultRoutes } from './faults.routes.ts';
import { fenceRoutes } from './fences.routes.ts';
import { handlingRoutes } from './handling.routes.ts';
import { historyRoutes } from './history.routes.ts';
import { liveRoutes } from './live.routes.ts';
import { statsRoutes } from './stats.routes.ts';
import { boardNowRoutes } from './board-now.routes.ts';
import { messageRoutes } from './messages.routes.ts';
import { missedCardRoutes } from './missed-cards.routes.ts';
import { treeRoutes } from './trees.routes.ts';
import { vehicleRoutes } from './vehicle.routes.ts';
import { vehicleTransferRoutes } from './vehicle-transfer.routes.ts';
import { videoRoutes } from './video.routes.ts';
import { modelEcuRoutes } from './model-ecu.routes.ts';
import { cockpitRoutes } from './cockpit-bluetooth.routes.ts';
import { safetyWarningRoutes } from '../../safety/safety-warning.routes.ts';
import { dataQualityRoutes } from '../../safety/data-quality.routes.ts';
import { safetyProfileRoutes } from '../../safety/safety-profile.routes.ts';
import { safetyModelLevelRoutes } from '../../safety/safety-model-level.routes.ts';

export { vehteamTreeRoutes } from './trees.routes.ts';
export { vehteamCallRoutes } from './vehteam-calls.routes.ts';
export { businessRoutes } from './cockpit-bluetooth.routes.ts';

/**
 * Bespoke calls of wdiov-base, mounted at /api/wdiov-base before the generic entity routes:
 * live state, history, alarms and faults, handling config and teams, vehicle trees, fence
 * bindings, message parsing and remote diagnosis. `latest` is the gateway's latest-state store;
 * `bus` carries instructions to the gateway holding a terminal (none: every terminal is offline).
 */
export function baseRoutes(deps: BespokeDeps, latest: LatestState, bus?: MessageBus) {
  const router = createRouter();
  router.route('/', liveRoutes(deps, latest));
  router.route('/', statsRoutes(deps, latest));
  router.route('/', boardNowRoutes(deps, latest));
  router.route('/', historyRoutes(deps));
  router.route('/', alarmRoutes(deps));
  router.route('/', missedCardRoutes(deps));
  router.route('/', faultRoutes(deps));
  router.route('/', handlingRoutes(deps));
  router.route('/', treeRoutes(deps, latest));
  router.route('/', fenceRoutes(deps));
  router.route('/', messageRoutes(deps));
  router.route('/', vehicleRoutes(deps, latest));
  router.route('/', vehicleTransferRoutes(deps));
  router.route('/', diagnosisRoutes(deps, latest, bus));
  router.route('/', demoFleetRoutes(deps));
  router.route('/', videoRoutes(deps));
  router.route('/', modelEcuRoutes(deps));
  router.route('/', cockpitRoutes(deps));
  router.route('/', safetyWarningRoutes(deps));
  router.route('/', dataQualityRoutes(deps));
  router.route('/', safetyProfileRoutes(deps));
  router.route('/', safetyModelLevelRoutes(deps));
  return router;
}
