import { describe, expect, it } from 'vitest';
import { decodePositionMessage, encodePositionMessage, subjects, wildcards, type LivePosition } from '../src/index.ts';

const p: LivePosition = { vin: 'LNBSCU3H5JR000001', lng: 114.0579, lat: 22.5431, speed: -0.1, heading: 271.5, soc: null, state: 4, alarmLevel: 3, ts: 1_760_000_000_123 };
const utf8 = new TextEncoder();

describe('position message', () => {
  it('carries a position compactly, the VIN in the subject', () => {
    const bytes = encodePositionMessage(p);
    expect(bytes.length).toBeLessThan(80);
    expect(new TextDecoder().decode(bytes)).not.toContain(p.vin);
    expect(decodePositionMessage(subjects.position('000000', p.vin), bytes)).toEqual(p);
  });

  it('puts positions on their own subjects, under the tenant wildcard', () => {
    expect(subjects.position('000000', p.vin)).toBe(`wdiov.000000.pos.${p.vin}`);
    expect(wildcards.tenantPositions('000000')).toBe('wdiov.000000.pos.*');
    expect(() => subjects.position('000000', 'a.b')).toThrow();
  });

  it('rejects what is not a position', () => {
    const subject = subjects.position('000000', p.vin);
    for (const text of ['', 'nope', '{}', '[1,2,3]', '[114,22,0,0,null,1,5,0]', '[114,22,0,0,"x",1,0,0]', '[114,22,0,0,null,1.5,0,0]', '[null,22,0,0,null,1,0,0]']) {
      expect(decodePositionMessage(subject, utf8.encode(text)), text).toBeNull();
    }
    expect(decodePositionMessage(subjects.telemetry('000000', p.vin), encodePositionMessage(p))).toBeNull();
  });
});
