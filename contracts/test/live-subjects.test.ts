import { describe, expect, it } from 'vitest';
import { alarmCardMessage, describeEspeed, heartbeat, serverSocketMessage, SocketCmd } from '../src/live/socket-messages.ts';
import { subjects, wildcards } from '../src/nats/subjects.ts';

describe('socket messages', () => {
  it('parses an alarm card and refuses a card without its vehicle', () => {
    const card = { code: 0, cmd: 1200, msg: '', ts: 1, data: { type: 0, vin: 'LSVAU2180N2183294', espeed: 52.5, stime: '2024-01-01 00:00:00', duration: 3 } };
    expect(alarmCardMessage.parse(card).data.carPlate).toBe('');
    expect(serverSocketMessage.safeParse({ ...card, data: { ...card.data, vin: undefined } }).success).toBe(false);
    expect(serverSocketMessage.safeParse({ ...card, cmd: 4242 }).success).toBe(false);
  });
  it('builds the heartbeat of the spec', () => {
    expect(heartbeat(5)).toMatchObject({ code: 0, cmd: SocketCmd.heartbeat, ts: 5 });
  });
  it('reads espeed sentinels', () => {
    expect(describeEspeed(-0.1).kind).toBe('invalid');
    expect(describeEspeed(-0.2).kind).toBe('abnormal');
    expect(describeEspeed(0)).toEqual({ kind: 'value', kmh: 0 });
  });
});

describe('subjects', () => {
  it('scopes by tenant and refuses tokens that would break the subject', () => {
    expect(subjects.telemetry('000000', 'LSVAU2180N2183294')).toBe('wdiov.000000.tel.LSVAU2180N2183294');
    expect(() => subjects.alarm('000000', 'a.b')).toThrow();
    expect(() => subjects.kick('*')).toThrow();
    expect(wildcards.tenantTelemetry('000001')).toBe('wdiov.000001.tel.*');
  });
});
