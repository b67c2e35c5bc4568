import type { ReportedAlarm, Telemetry } from '@wdiov/contracts';
import { activeAlarms, decodeJ1939Dtc, hasValue, type AlarmData, type Edition } from '@wdiov/contracts/protocol/index';
import type { AlarmEngine } from '../alarms/alarm-engine.ts';
import type { ReportedFault, VehicleFrame } from '../alarms/vehicle-frame.ts';
import type { IngestSink } from './ingest-sink.ts';

const FAULT_LISTS = [['ress', 'ressFaultCodes'], ['motor', 'motorFaultCodes'], ['engine', 'engineFaultCodes'], ['other', 'otherFaultCodes']] as const;
const NO_ALARMS: readonly ReportedAlarm[] = Object.freeze([]);
const NO_FAULTS: readonly ReportedFault[] = Object.freeze([]);

/** A fault-list DWORD as the four DTC bytes in wire order (SPN low byte first, as DM1 packs them). */
function dwordBytes(code: number): Uint8Array {
  return new Uint8Array([(code >>> 24) & 0xff, (code >>> 16) & 0xff, (code >>> 8) & 0xff, code & 0xff]);
}

/** The fault lists of a GB/T 32960 alarm block: each listed code, read as a J1939 DTC (SPN/FMI). */
function faultsOf(alarm: AlarmData | undefined): readonly ReportedFault[] {
  // Most frames list no fault: nothing is allocated for them.
  if (!alarm || FAULT_LISTS.every(([, key]) => alarm[key].length === 0)) return NO_FAULTS;
  const out: ReportedFault[] = [];
  for (const [category, key] of FAULT_LISTS) {
    for (const value of alarm[key]) {
      const code = value.toString(16).toUpperCase().padStart(8, '0');
      const dtc = decodeJ1939Dtc(dwordBytes(value), 0);
      out.push({ type: `${category}:${code}`, category, code, name: dtc ? `SPN ${dtc.spn} FMI ${dtc.fmi}` : '', spn: dtc?.spn ?? null, fmi: dtc?.fmi ?? null, level: 1, source: 'gbt32960' });
    }
  }
  return out;
}

/** A GB/T 32960 realtime snapshot and its alarm block as the state the alarm rules read. */
export function reportedState(t: Telemetry, alarm: AlarmData | undefined, edition: Edition): VehicleFrame['state'] {
  const reported = alarm && alarm.flags !== 0 ? activeAlarms(alarm, edition) : NO_ALARMS;
  const reportedLevel = alarm && hasValue(alarm.maxLevel) ? alarm.maxLevel : undefined;
  return { snapshot: t, reported, reportedLevel };
}

/** A GB/T 32960 realtime snapshot and its alarm block as the protocol-neutral frame the alarm engine takes. */
export function gbt32960Frame(t: Telemetry, alarm: AlarmData | undefined, edition: Edition): VehicleFrame {
  return { state: reportedState(t, alarm, edition), faults: faultsOf(alarm) };
}

/** The alarm engine as a sink of the GB/T 32960 ingest: each live snapshot goes in through the adapter. */
export function alarmEngineSink(engine: AlarmEngine): IngestSink {
  return {
    telemetry: (t, alarm, edition) => engine.frame(gbt32960Frame(t, alarm, edition)),
    raw: () => undefined,
    presence: (vehicle, online) => engine.presence(vehicle, online),
  };
}
