import { describe, expect, it } from 'vitest';
import { decodePositionMessage, subjects, wildcards } from '@wdiov/contracts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { positionPublisher } from './position-publisher.ts';

describe('position publisher', () => {
  it('publishes each live snapshot with a fix as one compact position on its vehicle\'s subject', async () => {
    const bus = createMemoryBus();
    const got: { subject: string; data: Uint8Array }[] = [];
    bus.subscribe(wildcards.tenantPositions('000000'), (m) => void got.push({ subject: m.subject, data: m.data }));
    const sink = positionPublisher(bus);
    sink.telemetry(snapshot('VIN00000000000001', 1000, { speedKmh: 'invalid' }), undefined, '2016');
    sink.telemetry(snapshot('VIN00000000000002', 1000, { reissue: true }), undefined, '2016');
    sink.telemetry(snapshot('VIN00000000000003', 1000, { lng: null, lat: null }), undefined, '2016');
    await new Promise((r) => setTimeout(r, 20));
    expect(sink.published).toBe(1);
    expect(got.map((m) => m.subject)).toEqual([subjects.position('000000', 'VIN00000000000001')]);
    expect(decodePositionMessage(got[0]!.subject, got[0]!.data)).toEqual({
      vin: 'VIN00000000000001', lng: 114.05, lat: 22.54, speed: -0.1, heading: 90, soc: 80, state: 2, alarmLevel: 0, ts: 1000,
    });
    await bus.close();
  });
});
