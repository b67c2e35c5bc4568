import { z } from 'zod';
import { alarmLevel } from '../live/alarm-level.ts';

/**
 * Payloads of the NATS subjects. Every consumer parses with these schemas at its edge; a
 * message that does not parse is counted and dropped, never trusted.
 */

/** Vehicle states shown on the map: 1 driving, 2 parked, 3 charging, 4 offline. */
export const VehicleRunState = { driving: 1, parked: 2, charging: 3, offline: 4 } as const;

/** A reading: the value, or the sentinels of GB/T 32960 kept distinct (−0.1 invalid, −0.2 abnormal on the card). */
const reading = z.union([z.number(), z.literal('abnormal'), z.literal('invalid')]).nullable();

export const telemetry = z.object({
  tenantId: z.string(),
  vin: z.string(),
  vehicleId: z.string(),
  plate: z.string().default(''),
  /** Terminal time of the data (epoch ms, from the frame's Beijing time). */
  ts: z.number().int(),
  receivedAt: z.number().int(),
  /** Reissued (0x03) data: stored, never live. */
  reissue: z.boolean().default(false),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  fixValid: z.boolean().default(true),
  /** Degrees from north, derived from successive fixes (GB/T 32960 sends none). */
  heading: z.number().default(0),
  speedKmh: reading,
  mileageKm: reading,
  socPercent: reading,
  totalVoltageV: reading,
  totalCurrentA: reading,
  vehicleState: reading,
  chargeState: reading,
  state: z.number().int(),
  alarmLevel,
  maxCellVoltageV: reading,
  minCellVoltageV: reading,
  maxCellNo: reading,
  minCellNo: reading,
  maxTempC: reading,
  minTempC: reading,
});
export type Telemetry = z.infer<typeof telemetry>;

/** An alarm, fault or fence event: `start` when it begins, `end` (same id) when it clears. */
const eventBase = z.object({
  /** Stable id of the alarm (one per occurrence): persisters upsert by it, so redelivery never duplicates. */
  id: z.string(),
  phase: z.enum(['start', 'end']),
  tenantId: z.string(),
  vin: z.string(),
  vehicleId: z.string(),
  plate: z.string().default(''),
  level: alarmLevel,
  startTime: z.number().int(),
  endTime: z.number().int().nullable(),
  /** Live data raises cards; reissued data is stored only. */
  live: z.boolean(),
  /**
   * false: the type needs no operator (alarmHandleConfig isHandle 0): stored as handled by the
   * system, no card. Absent: it needs one.
   */
  mustHandle: z.boolean().optional(),
  speedKmh: z.number().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
});

export const alarmEvent = eventBase.extend({
  source: z.enum(['gbt32960', 'platform']),
  alarmType: z.string(),
  alarmName: z.string(),
});
export type AlarmEvent = z.infer<typeof alarmEvent>;

export const faultEvent = eventBase.extend({
  /** 'ress' | 'motor' | 'engine' | 'other' list of the alarm block, or 'dm1' / 'uds'. */
  category: z.string(),
  faultCode: z.string(),
  faultName: z.string(),
  spn: z.number().int().nullable(),
  fmi: z.number().int().nullable(),
});
export type FaultEvent = z.infer<typeof faultEvent>;

export const fenceEvent = eventBase.extend({
  fenceId: z.string(),
  fenceName: z.string(),
  /** 1 enter, 2 leave. */
  accessType: z.union([z.literal(1), z.literal(2)]),
});
export type FenceEvent = z.infer<typeof fenceEvent>;

/** A raw frame as received, for message parsing and reissue windows. */
export const rawFrame = z.object({
  /** Row id, set once when the frame is received so a redelivery never stores it twice (absent in frames queued by older gateways). */
  id: z.string().regex(/^\d{1,19}$/).optional(),
  tenantId: z.string(),
  vin: z.string(),
  command: z.number().int(),
  receivedAt: z.number().int(),
  ts: z.number().int().nullable(),
  /** The whole frame, hex. */
  hex: z.string(),
});
export type RawFrame = z.infer<typeof rawFrame>;

/**
 * A forced logout of a user on every gateway; `msg` is the reason shown. With `openedBefore`
 * (epoch ms) only sockets opened until then go (a sign-in elsewhere keeps the new session).
 * `family` narrows it to one sign-in (its sockets and nats.ws keys), `keepFamily` spares one (the
 * session that changed the password); `quiet` closes without the warning (the user signed out).
 */
export const kickMessage = z.object({
  userId: z.string(), msg: z.string(), openedBefore: z.number().int().optional(),
  family: z.string().optional(), keepFamily: z.string().optional(), quiet: z.boolean().optional(),
});
export type KickMessage = z.infer<typeof kickMessage>;

/** An alarm occurrence still open on a vehicle: its id and start, kept as the vehicle moves between gateways. */
export const openAlarm = z.object({ id: z.string(), type: z.string(), startTime: z.number().int() });
export type OpenAlarm = z.infer<typeof openAlarm>;

/** The open alarms and faults of one vehicle (KV bucket openAlarms, keyed by VIN), written when they change. */
export const vehicleOpenAlarms = z.object({
  alarms: z.array(openAlarm),
  faults: z.array(openAlarm),
  /** The vehicle's side of each fence bound to it, by fence id (true inside), so a crossing during the move is seen. */
  fenceSides: z.record(z.string(), z.boolean()).optional(),
  /** The gateway that wrote it (the one holding the vehicle's connection then). */
  gateway: z.string(),
});
export type VehicleOpenAlarms = z.infer<typeof vehicleOpenAlarms>;

/** subjects.moved: the vehicle logged in at `gateway`; every other gateway drops its alarm state. */
export const vehicleMoved = z.object({ vin: z.string(), gateway: z.string(), at: z.number().int() });
export type VehicleMoved = z.infer<typeof vehicleMoved>;

const rowId = z.string().regex(/^\d{1,19}$/);
/**
 * What one ingest process received in a few tens of milliseconds, in one durable message: the
 * raw frames of many vehicles column by column (the i-th frame is the i-th entry of every array)
 * and the snapshots decoded from them. One stream append per batch instead of per frame; the
 * arrays are what a bulk insert binds; position history is written from the snapshots, and the
 * other gateways read them for their live state. Frames carry their row id and positions are
 * keyed by vehicle and time, so a redelivered batch stores nothing twice.
 */
export const rawFrameBatch = z
  .object({
    id: z.array(rowId),
    tenantId: z.array(z.string()),
    vin: z.array(z.string()),
    command: z.array(z.number().int()),
    receivedAt: z.array(z.number().int()),
    hex: z.array(z.string()),
    /** Realtime and reissue snapshots (absent in batches of earlier gateways). */
    telemetry: z.array(telemetry).optional(),
  })
  .refine((b) => [b.tenantId, b.vin, b.command, b.receivedAt, b.hex].every((c) => c.length === b.id.length), 'every column holds one entry per frame');
export type RawFrameBatch = z.infer<typeof rawFrameBatch>;

