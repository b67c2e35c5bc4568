import { and, eq, ne, or } from 'drizzle-orm';
import { dispatchWorkflow } from '@wdiov/contracts';
import { badRequest } from '../lib/api-error.ts';
import { speaker } from '../lib/request-language.ts';
import type { TransitionDeps } from './transitions.ts';

const dispatchText = speaker(
  {
    vehicleOut: ({ dispatchNo }: { dispatchNo: string }) => `该车辆已在派车单 ${dispatchNo} 中出车, 返回前不能再次派车`,
    driverOut: ({ dispatchNo }: { dispatchNo: string }) => `该司机已在派车单 ${dispatchNo} 中出车, 返回前不能再次派车`,
    odometerBack: ({ out }: { out: number }) => `返回里程不能小于出车里程 ${out} km [returnOdometer]`,
  },
  {
    vehicleOut: ({ dispatchNo }) => `The vehicle is out on dispatch ${dispatchNo}; it cannot be deployed again before it returns`,
    driverOut: ({ dispatchNo }) => `The driver is out on dispatch ${dispatchNo}; they cannot be deployed again before they return`,
    odometerBack: ({ out }) => `The odometer back must not be less than the odometer out, ${out} km [returnOdometer]`,
  },
);

const DEPLOYED = dispatchWorkflow.states.deployed.value;

/**
 * A vehicle or a driver is on one road at a time: deploying an order whose vehicle or driver is
 * out on another deployed order (not yet closed or revoked) is refused, naming that order. Read
 * in the move's transaction after its lock. Closing checks the odometer back against the one out.
 */
export function dispatchHolds(deps: Pick<TransitionDeps, 'repos'>): NonNullable<TransitionDeps['admits']> {
  return async (tx, m) => {
    if (m.workflow !== (dispatchWorkflow as unknown)) return;
    const repo = deps.repos.of(dispatchWorkflow.entity);
    const c = repo.columns;
    if (m.action === 'deploy') {
      const same = [m.row.vehicleId != null && eq(c.vehicleId!, String(m.row.vehicleId)), m.row.driverId != null && eq(c.driverId!, String(m.row.driverId))].filter((x) => x !== false);
      if (same.length === 0) return;
      const [other] = await tx.select({ dispatchNo: c.dispatchNo!, vehicleId: c.vehicleId!, driverId: c.driverId! }).from(repo.table)
        .where(and(repo.tenantScope(m.principal), eq(c.dispatchStatus!, DEPLOYED), ne(c.id!, String(m.row.id)), or(...same))).limit(1);
      if (!other) return;
      const vehicle = m.row.vehicleId != null && String(other.vehicleId) === String(m.row.vehicleId);
      throw badRequest(dispatchText(vehicle ? 'vehicleOut' : 'driverOut', { dispatchNo: String(other.dispatchNo) }));
    }
    if (m.action === 'close') {
      const out = m.row.departOdometer == null ? null : Number(m.row.departOdometer);
      const back = m.row.returnOdometer == null ? null : Number(m.row.returnOdometer);
      if (out !== null && back !== null && back < out) throw badRequest(dispatchText('odometerBack', { out }));
    }
  };
}
