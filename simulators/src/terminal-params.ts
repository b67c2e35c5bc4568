/**
 * A simulated terminal's parameter table (GB/T 32960 2016 table B.12, 2025 table B.8): what it
 * reports to a query (0x80) and what a set (0x81) changes. Values are in the units the
 * standard sends for the terminal's edition; the domain lengths always follow their domains.
 */
import { ParamId, type Edition, type ParamItem } from '@wdiov/contracts/protocol/index';

export interface ParamDefaults {
  edition: Edition;
  reportPeriodMs: number;
  heartbeatMs: number;
  /** The platform the terminal reports to. */
  host: string;
  port: number;
}

export const HARDWARE_VERSION = 'HW1.0';
export const FIRMWARE_VERSION = 'FW1.2';

const LENGTH_OF: Readonly<Record<number, number>> = { [ParamId.platformDomain]: ParamId.platformDomainLength, [ParamId.publicDomain]: ParamId.publicDomainLength };
const DOMAIN_OF: Readonly<Record<number, number>> = { [ParamId.platformDomainLength]: ParamId.platformDomain, [ParamId.publicDomainLength]: ParamId.publicDomain };
const TEXT: ReadonlySet<number> = new Set([ParamId.platformDomain, ParamId.publicDomain, ParamId.hardwareVersion, ParamId.firmwareVersion]);
const READ_ONLY: ReadonlySet<number> = new Set([ParamId.hardwareVersion, ParamId.firmwareVersion, ParamId.platformDomainLength, ParamId.publicDomainLength]);
/** The largest value a 2025 BYTE parameter holds (0xFE/0xFF are the sentinels). */
const BYTE_MAX = 0xfd;

/** Whole seconds, at least 1, within what the edition's field holds. */
const seconds = (ms: number, max: number) => Math.min(max, Math.max(1, Math.round(ms / 1000)));

export function defaultParams(d: ParamDefaults): Map<number, number | string> {
  const is2016 = d.edition === '2016';
  return new Map<number, number | string>([
    [ParamId.localStoragePeriod, 1000],
    [ParamId.reportPeriod, seconds(d.reportPeriodMs, is2016 ? 0xfffd : BYTE_MAX)],
    // Alarm reports every second: 2016 counts it in ms, 2025 in s.
    [ParamId.alarmReportPeriod, is2016 ? 1000 : 1],
    [ParamId.platformDomain, d.host],
    [ParamId.platformPort, d.port],
    [ParamId.hardwareVersion, HARDWARE_VERSION],
    [ParamId.firmwareVersion, FIRMWARE_VERSION],
    [ParamId.heartbeatPeriod, seconds(d.heartbeatMs, BYTE_MAX)],
    [ParamId.terminalResponseTimeout, 10],
    [ParamId.platformResponseTimeout, 60],
    [ParamId.loginRetryInterval, 1],
    [ParamId.publicDomain, ''],
    [ParamId.publicPort, 0],
    [ParamId.samplingMonitoring, 2],
  ]);
}

export class TerminalParams {
  private values: Map<number, number | string>;

  constructor(private readonly defaults: ParamDefaults) {
    this.values = defaultParams(defaults);
  }

  get(id: number): number | string | undefined {
    return this.values.get(id);
  }

  /** Back to the defaults (control 0x04, factory reset). */
  reset(): void {
    this.values = defaultParams(this.defaults);
  }

  /** The answer to a query: the asked ids the terminal knows, in order, each domain after its length. */
  query(ids: readonly number[]): ParamItem[] {
    const out: ParamItem[] = [];
    const listed = new Set<number>();
    const push = (id: number) => {
      if (listed.has(id)) return;
      listed.add(id);
      const domain = DOMAIN_OF[id];
      const value = domain !== undefined ? String(this.values.get(domain) ?? '').length : this.values.get(id);
      if (value !== undefined) out.push({ id, value });
    };
    for (const id of ids) {
      if (LENGTH_OF[id] !== undefined) push(LENGTH_OF[id]);
      if (this.values.has(id) || DOMAIN_OF[id] !== undefined) push(id);
    }
    return out;
  }

  /** Applies a set (0x81); answers the ids whose value changed. Sentinels, lengths and versions are ignored. */
  apply(items: readonly ParamItem[]): number[] {
    const changed: number[] = [];
    for (const { id, value } of items) {
      if (READ_ONLY.has(id) || !this.values.has(id)) continue;
      const ok = TEXT.has(id) ? typeof value === 'string' : typeof value === 'number';
      if (!ok || this.values.get(id) === value) continue;
      this.values.set(id, value);
      changed.push(id);
    }
    return changed;
  }
}
