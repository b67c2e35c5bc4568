import { describe, expect, it } from 'vitest';
import { alarmEvent, telemetry } from '../src/nats/payloads.ts';
import { MAX_ALARM_LEVEL } from '../src/live/alarm-level.ts';
import { alarmCardData, livePosition } from '../src/live/socket-messages.ts';

const level = (schema: { safeParse(v: unknown): { success: boolean } }, base: Record<string, unknown>, key: string) =>
  [0, MAX_ALARM_LEVEL, MAX_ALARM_LEVEL + 1, -1, 2.5].map((n) => schema.safeParse({ ...base, [key]: n }).success);

describe('one alarm level from the event to the card and the map', () => {
  const card = { type: 0, vin: 'V', espeed: 1, stime: 's', duration: 0 };
  const position = { vin: 'V', lng: 1, lat: 1, speed: 1, heading: 0, soc: null, state: 1, ts: 1 };
  const event = {
    id: '1', phase: 'start', tenantId: '000000', vin: 'V', vehicleId: '1', startTime: 1, endTime: null, live: true,
    speedKmh: null, lng: null, lat: null, source: 'gbt32960', alarmType: 't', alarmName: 'n',
  };

  it('accepts 0 to 4 (the thermal-event level) everywhere, and nothing else', () => {
    const expected = [true, true, false, false, false];
    expect(level(alarmEvent, event, 'level')).toEqual(expected);
    expect(level(alarmCardData, card, 'level')).toEqual(expected);
    expect(level(livePosition, position, 'alarmLevel')).toEqual(expected);
    expect(telemetry.shape.alarmLevel.safeParse(MAX_ALARM_LEVEL).success).toBe(true);
  });
});
