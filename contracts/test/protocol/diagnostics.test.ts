// J1939 DM1 and UDS DTC decoding, with the worked examples of reference §5 and §6.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeDm1, decodeUdsDtc, decodeUdsDtcReport, encodeJ1939Dtc, j2012Code, udsDtcFromNumber,
} from '../../src/protocol/index.ts';
import { hex } from './vectors.ts';

describe('J1939 DM1', () => {
  it('SPN 100 / FMI 1 / OC 5 is 64 00 01 05', () => {
    const r = decodeDm1(hex('0000' + '64000105'));
    expect(r.ok && r.dm1.dtcs).toEqual([
      { spn: 100, fmi: 1, fmiText: 'data valid but below normal operational range - most severe level', occurrenceCount: 5, conversionMethod: 0 },
    ]);
    expect(Array.from(encodeJ1939Dtc(100, 1, 5))).toEqual([0x64, 0x00, 0x01, 0x05]);
  });

  it('SPN 3226 / FMI 4 / OC 2 is 9A 0C 04 02', () => {
    const r = decodeDm1(hex('0000' + '9a0c0402'));
    expect(r.ok && r.dm1.dtcs[0]).toMatchObject({ spn: 3226, fmi: 4, occurrenceCount: 2, fmiText: 'voltage below normal, or shorted to low source' });
    expect(Array.from(encodeJ1939Dtc(3226, 4, 2))).toEqual([0x9a, 0x0c, 0x04, 0x02]);
  });

  it('uses the three high SPN bits of byte 2 and the CM bit of byte 3', () => {
    // SPN 524287 = 0x7FFFF: bytes FF FF, top bits 111 → 0xE0 | FMI 31; CM 1 + OC 127 → 0xFF.
    const r = decodeDm1(hex('0000' + 'ffffff7f'));
    expect(r.ok && r.dm1.dtcs[0]).toMatchObject({ spn: 0x7ffff, fmi: 31, fmiText: 'condition exists / not available', occurrenceCount: 127, conversionMethod: 0 });
    const r2 = decodeDm1(hex('0000' + '3412a5' + '83'));
    expect(r2.ok && r2.dm1.dtcs[0]).toMatchObject({ spn: 0x51234, fmi: 5, occurrenceCount: 3, conversionMethod: 1 });
  });

  it('lamp status and flash: 2 bits each, protect lamp in the low bits', () => {
    // status 0b11_10_01_00: protect off, amber on, red error, MIL n/a; flash 0b00_01_10_11.
    const r = decodeDm1(hex('e4' + '1b'));
    expect(r.ok && r.dm1.lamps).toEqual({ protect: 'off', amberWarning: 'on', redStop: 'error', mil: 'notAvailable' });
    expect(r.ok && r.dm1.flash).toEqual({ protect: 'notAvailable', amberWarning: 'reserved', redStop: 'fast', mil: 'slow' });
  });

  it('a single-DTC 8-byte frame ignores its FF FF padding; the all-zero entry means no active DTC', () => {
    const single = decodeDm1(hex('0400' + '64000105' + 'ffff'));
    expect(single.ok && single.dm1.dtcs.map((d) => d.spn)).toEqual([100]);
    const none = decodeDm1(hex('0000' + '00000000' + 'ffff'));
    expect(none.ok && none.dm1.dtcs).toEqual([]);
  });

  it('multi-DTC payloads (after transport reassembly) decode every DTC', () => {
    const r = decodeDm1(hex('0400' + '64000105' + '9a0c0402'));
    expect(r.ok && r.dm1.dtcs.map((d) => [d.spn, d.fmi, d.occurrenceCount])).toEqual([[100, 1, 5], [3226, 4, 2]]);
  });

  it('rejects too-short input with a reason and never throws', () => {
    expect(decodeDm1(new Uint8Array(1))).toMatchObject({ ok: false });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (b) => typeof decodeDm1(b).ok === 'boolean'));
  });

  it('encodeJ1939Dtc and decode agree over the whole field ranges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x7ffff }), fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 126 }), (spn, fmi, oc) => {
        const r = decodeDm1(Uint8Array.from([0, 0, ...encodeJ1939Dtc(spn, fmi, oc)]));
        expect(r.ok && r.dm1.dtcs[0]).toMatchObject({ spn, fmi, occurrenceCount: oc });
      }),
    );
  });
});

describe('UDS DTC', () => {
  it('0xC07304 is U0073-04 (network)', () => {
    const r = decodeUdsDtc(hex('c07304'));
    expect(r.ok && r.dtc).toEqual({ dtc: 0xc07304, code: 'U0073', failureType: 4, text: 'U0073-04', system: 'network' });
  });

  it('0x900016 is B1000-16 (body)', () => {
    expect(udsDtcFromNumber(0x900016)).toMatchObject({ code: 'B1000', text: 'B1000-16', system: 'body' });
  });

  it('0x0143 is P0143; 0x0A1B is P0A1B; chassis codes start with C', () => {
    expect(j2012Code(0x01, 0x43)).toBe('P0143');
    expect(j2012Code(0x0a, 0x1b)).toBe('P0A1B');
    expect(j2012Code(0x41, 0x23)).toBe('C0123');
    expect(j2012Code(0x3f, 0xff)).toBe('P3FFF');
  });

  it('status byte bits', () => {
    const r = decodeUdsDtc(hex('0a1b00' + '89')); // 0x89 = testFailed | confirmedDTC | warningIndicatorRequested
    expect(r.ok && r.dtc.status).toEqual({
      raw: 0x89, testFailed: true, testFailedThisOperationCycle: false, pendingDtc: false, confirmedDtc: true,
      testNotCompletedSinceLastClear: false, testFailedSinceLastClear: false, testNotCompletedThisOperationCycle: false,
      warningIndicatorRequested: true,
    });
  });

  it('ReadDTCInformation 0x59 0x02 report: mask and records', () => {
    const r = decodeUdsDtcReport(hex('5902ff' + 'c0730409' + '90001628'));
    expect(r.ok && r.report.subFunction).toBe(2);
    expect(r.ok && r.report.statusAvailabilityMask).toBe(0xff);
    expect(r.ok && r.report.dtcs.map((d) => [d.text, d.status?.raw])).toEqual([['U0073-04', 0x09], ['B1000-16', 0x28]]);
  });

  it('bad input gives a reason, never an exception', () => {
    expect(decodeUdsDtc(hex('0102'))).toMatchObject({ ok: false });
    expect(decodeUdsDtcReport(hex('7f1931'))).toMatchObject({ ok: false });
    expect(decodeUdsDtcReport(hex('5902ff00'))).toMatchObject({ ok: false });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 32 }), (b) => typeof decodeUdsDtc(b).ok === 'boolean' && typeof decodeUdsDtcReport(b).ok === 'boolean'));
  });
});
