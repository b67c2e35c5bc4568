import {
  Command, Encryption, ResponseFlag, encodeFrame, gbTimeFromEpochMs, type AlarmData, type Reading, type RealtimeItem,
} from '@wdiov/contracts/protocol/index';

/** Small GB/T 32960 (2016) frames for gateway tests, built with the real codec. */
export interface Snapshot {
  vin: string;
  at: number;
  /** km/h, or a sentinel. */
  speed?: Reading;
  soc?: Reading;
  lng?: number;
  lat?: number;
  /** General alarm flag bits set (e.g. 1 << 4 = SOC low). */
  flags?: number;
  maxLevel?: number;
  faultCodes?: number[];
  reissue?: boolean;
}

export function realtimeFrame(s: Snapshot): Uint8Array {
  const items: RealtimeItem[] = [
    {
      kind: 'vehicle', vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: s.speed ?? 42.5, mileageKm: 12345.6,
      totalVoltageV: 350.2, totalCurrentA: 12.3, socPercent: s.soc ?? 80, dcdcState: 1,
      gear: { position: 14, braking: false, driving: true, reservedBit6: false, positionInvalid: false },
      insulationKohm: 5000, acceleratorPercent: 20, brakePercent: 0,
    },
    { kind: 'position', fixValid: true, south: false, west: false, statusReserved: 0, longitudeDeg: s.lng ?? 114.057868, latitudeDeg: s.lat ?? 22.543099 },
  ];
  if (s.flags !== undefined || s.faultCodes) {
    const alarm: AlarmData = {
      kind: 'alarm', maxLevel: s.maxLevel ?? (s.flags ? 2 : 0), flags: s.flags ?? 0,
      ressFaultCodes: s.faultCodes ?? [], motorFaultCodes: [], engineFaultCodes: [], otherFaultCodes: [],
    };
    items.push(alarm);
  }
  return encodeFrame({
    edition: '2016', command: s.reissue ? Command.reissue : Command.realtime, responseFlag: ResponseFlag.command,
    vin: s.vin, encryption: Encryption.none, body: { kind: 'realtime', time: gbTimeFromEpochMs(s.at), items },
  });
}

export function loginFrame(vin: string, at: number, seq = 1, iccid = '89860012345678901234'): Uint8Array {
  return encodeFrame({
    edition: '2016', command: Command.vehicleLogin, responseFlag: ResponseFlag.command, vin, encryption: Encryption.none,
    body: { kind: 'login', time: gbTimeFromEpochMs(at), seq, iccid, ressCount: 0, ressCodeLength: 0, ressCodes: [] },
  });
}

export function timeSyncFrame(vin: string): Uint8Array {
  return encodeFrame({ edition: '2016', command: Command.timeSync, responseFlag: ResponseFlag.command, vin, encryption: Encryption.none, body: { kind: 'empty' } });
}

export function heartbeatFrame(vin: string): Uint8Array {
  return encodeFrame({ edition: '2016', command: Command.heartbeat, responseFlag: ResponseFlag.command, vin, encryption: Encryption.none, body: { kind: 'empty' } });
}
