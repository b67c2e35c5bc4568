import { eq, inArray, isNull } from 'drizzle-orm';
import { subjects } from '@wdiov/contracts';
import { gbTimeFromEpochMs } from '@wdiov/contracts/protocol/index';
import {
  InstructStatus, InstructType, QUERYABLE_PARAM_IDS, instructionReply,
  type IssueDiagnose, type IssueInstruction, type InstructionReply,
} from '@wdiov/contracts/diagnosis/instruction';
import { encodeCommand, type DownlinkType } from '@wdiov/contracts/diagnosis/command-frames';
import type { Logger } from 'pino';
import { BusRequestError, type MessageBus } from '../bus/bus.ts';
import { systemPrincipal, type Principal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { Json } from '../crud/serialize.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { commandText } from '../lib/texts/command-text.ts';
import { commonText } from '../lib/texts/common-text.ts';
import type { LatestState } from '../live/latest-state.ts';
import { ALL, equal, liveView, snapshotOf } from '../routes/base/fleet.ts';
import { ANSWER_TIMEOUT_MS, BUS_MARGIN_MS, DIAGNOSE_CONCURRENCY } from './timing.ts';

export interface IssuerDeps {
  repos: Repositories;
  latest: LatestState;
  /** No bus (an API-only test gateway): every terminal counts as offline. */
  bus?: MessageBus;
  utcOffsetMin: number;
  logger: Logger;
}

export interface IssuerOptions {
  /** How long the terminal has to answer (default ANSWER_TIMEOUT_MS; tests pass less). */
  answerTimeoutMs?: number;
}

interface Vehicle { id: string; vin: string }

/** What ended an instruction, as the record stores it; `heard` when the terminal itself answered (then it has a response time). */
interface Outcome { status: number; data?: Record<string, unknown>; failReason?: string; heard?: boolean }

const OPEN_ALARMS_SHOWN = 50;
const RECENT_FAULTS_SHOWN = 20;

/** Runs fn over items with at most n at once, keeping the order of the results. */
async function mapBounded<T, R>(items: readonly T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/**
 * Issues downlink instructions: writes the instructRecord (sent), asks the gateway holding the
 * terminal over the bus, and stores how it ended. The caller's tenant and data scope decide
 * which vehicles may be commanded, as for every other read; the answer fields are written by
 * the platform (system principal of the tenant), never by a client.
 */
export class InstructionIssuer {
  private readonly answerTimeoutMs: number;

  constructor(private readonly deps: IssuerDeps, options: IssuerOptions = {}) {
    this.answerTimeoutMs = options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
  }

  private get records() {
    return this.deps.repos.get('instructRecord');
  }

  async issue(principal: Principal, input: IssueInstruction): Promise<Json> {
    const vehicle = await this.vehicleOf(principal, input);
    checkEncodable(vehicle.vin, input);
    const outcome = (id: string) => this.ask(principal.tenantId, vehicle.vin, id, input.instructType, input.content);
    return this.record(principal, vehicle, input.instructType, input.content, input.remark, outcome);
  }

  /** A full parameter query of each vehicle, with its live state, open alarms and recent faults beside the answer. */
  async diagnose(principal: Principal, input: IssueDiagnose): Promise<Json[]> {
    const vehicles = await this.vehiclesOf(principal, input.vehicleIds);
    const content = { ids: [...QUERYABLE_PARAM_IDS] };
    return mapBounded(vehicles, DIAGNOSE_CONCURRENCY, (vehicle) =>
      this.record(principal, vehicle, InstructType.diagnose, content, input.remark, async (id) => {
        const [reply, context] = await Promise.all([
          this.ask(principal.tenantId, vehicle.vin, id, InstructType.query, content),
          this.vehicleContext(principal, vehicle.vin),
        ]);
        return { ...reply, data: { params: reply.data?.params ?? null, ...context } };
      }));
  }

  /** The vehicle by id or VIN in the caller's tenant and data scope; 404 as the vehicle screens answer. */
  private async vehicleOf(principal: Principal, by: { vehicleId?: string; vin?: string }): Promise<Vehicle> {
    const repo = this.deps.repos.get('vehicle');
    const [row] = by.vehicleId
      ? await repo.all(principal, ALL, [eq(repo.columns.id!, by.vehicleId)], 1)
      : await repo.all(principal, { ...ALL, filters: [equal('vin', by.vin!)] }, [], 1);
    if (!row) throw notFound(commonText('vehicleMissing', { id: String(by.vehicleId ?? by.vin) }));
    if (by.vehicleId && by.vin && row.vin !== by.vin) throw badRequest(`${commandText('vinMismatch', { vin: by.vin })} [vin]`);
    return { id: String(row.id), vin: String(row.vin) };
  }

  /** Every vehicle of a diagnosis, or a 404 naming the first one the caller cannot see (nothing is written then). */
  private async vehiclesOf(principal: Principal, ids: string[]): Promise<Vehicle[]> {
    const repo = this.deps.repos.get('vehicle');
    const unique = [...new Set(ids)];
    const rows = await repo.all(principal, ALL, [inArray(repo.columns.id!, unique)], unique.length);
    const byId = new Map(rows.map((r) => [String(r.id), { id: String(r.id), vin: String(r.vin) }]));
    const missing = unique.find((id) => !byId.has(id));
    if (missing) throw notFound(commonText('vehicleMissing', { id: missing }));
    return unique.map((id) => byId.get(id)!);
  }

  /** Writes the record as sent, waits for the outcome, stores it, and answers the row as detail shows it. */
  private async record(
    principal: Principal, vehicle: Vehicle, instructType: number, content: unknown, remark: string | undefined,
    outcome: (recordId: string) => Promise<Outcome>,
  ): Promise<Json> {
    const id = await this.records.insert(principal, {
      vehicleId: vehicle.id, instructType, content, issueTime: new Date(), instructStatus: InstructStatus.sent, remark: remark ?? null,
    });
    const o = await outcome(id);
    const platform = systemPrincipal(principal.tenantId);
    await this.records.update(platform, id, {
      instructStatus: o.status, responseTime: o.heard ? new Date() : null, responseData: o.data ?? null, failReason: o.failReason ?? null,
    });
    const row = await this.records.detail(platform, id);
    if (!row) throw notFound(commandText('recordMissing', { id }));
    return row;
  }

  /** One request to the holder of the terminal; no holder is offline, no reply at all is a time-out. */
  private async ask(tenantId: string, vin: string, recordId: string, instructType: DownlinkType, content: unknown): Promise<Outcome> {
    const bus = this.deps.bus;
    if (!bus) return { status: InstructStatus.offline, failReason: '终端不在线' };
    const request = JSON.stringify({ recordId, instructType, content, timeoutMs: this.answerTimeoutMs });
    try {
      const msg = await bus.request(subjects.command(tenantId, vin), request, { timeoutMs: this.answerTimeoutMs + BUS_MARGIN_MS });
      const parsed = instructionReply.safeParse(JSON.parse(msg.string()));
      if (!parsed.success) return { status: InstructStatus.failed, failReason: '网关应答格式无效' };
      return outcomeOf(parsed.data);
    } catch (err) {
      if (err instanceof BusRequestError && err.reason === 'no-responders') return { status: InstructStatus.offline, failReason: '终端不在线' };
      if (err instanceof BusRequestError && err.reason === 'timeout') return { status: InstructStatus.timedOut, failReason: '等待终端应答超时' };
      this.deps.logger.error({ err, vin }, 'instruction request failed');
      return { status: InstructStatus.failed, failReason: '指令下发失败' };
    }
  }

  /** The live state, open alarms and recent faults of a vehicle, as far as the caller may see them. */
  private async vehicleContext(principal: Principal, vin: string) {
    const t = snapshotOf(this.deps.latest, principal, vin);
    const view = t ? liveView(t, this.deps.utcOffsetMin) : undefined;
    const byVin = { ...ALL, filters: [equal('vin', vin)] };
    const alarmRepo = this.deps.repos.get('vehicleAlarmData');
    const [alarms, faults] = await Promise.all([
      alarmRepo.all(principal, byVin, [isNull(alarmRepo.columns.endTime!)], OPEN_ALARMS_SHOWN),
      this.deps.repos.get('vehicleFaultData').all(principal, byVin, [], RECENT_FAULTS_SHOWN),
    ]);
    return {
      state: view ? { online: view.online, speed: view.speed, soc: view.soc, time: view.lastTime } : null,
      alarms: alarms.map((a) => ({ alarmType: a.alarmType, alarmName: a.alarmName, alarmLevel: a.alarmLevel, startTime: a.startTime })),
      faults: faults.map((f) => ({
        faultCode: f.faultCode, faultName: f.faultName, category: f.category, faultLevel: f.faultLevel, startTime: f.startTime, endTime: f.endTime,
      })),
    };
  }
}

function outcomeOf(reply: InstructionReply): Outcome {
  // Replies carry data only when a terminal's answer frame came back (a refusal or time-out has none).
  return { status: reply.status, data: reply.data, failReason: reply.failReason, heard: reply.data !== undefined };
}

/**
 * Refuses content no terminal could receive (a value too large for its field, a control
 * without its argument), before anything is written. Ranges that differ by edition (report
 * periods are a WORD in 2016, a BYTE in 2025) are checked again by the holder.
 */
function checkEncodable(vin: string, input: IssueInstruction): void {
  try {
    encodeCommand('2016', vin, input, gbTimeFromEpochMs(Date.now()));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const field = /^(content\.\w+)/.exec(message)?.[1] ?? (input.instructType === InstructType.set ? 'content.params' : 'content');
    throw badRequest(`${commandText('badContent', { reason: message })} [${field}]`);
  }
}
