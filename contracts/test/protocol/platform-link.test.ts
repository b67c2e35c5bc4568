// The platform link (table 21 and table 2/4): login, logout, heartbeat, re-framed realtime/reissue, answers.
import { describe, expect, it } from 'vitest';
import {
  bcc, buildPlatformHeartbeat, Encryption, withDataUnit, buildPlatformLogin, buildPlatformLogout, buildResponse, Command, decodeFrame, parsePlatformResponse,
  realtimeTimeOf, reframeForPlatform, ResponseFlag, responseFlagText, type PlatformIdentity, type RealtimeBody,
} from '../../src/protocol/index.ts';
import { hex, V1, V4 } from './vectors.ts';

const identity: PlatformIdentity = { edition: '2016', platformCode: 'PLATFORM000000001', username: 'fleetuser', password: 'secret-pass', encryptionRule: 0x01 };
const time = { year: 2026, month: 11, day: 26, hour: 9, minute: 30, second: 5 };
const ascii = (b: Uint8Array, from: number, len: number) => String.fromCharCode(...b.subarray(from, from + len));

describe('platform login 0x05 (table 21)', () => {
  const frame = buildPlatformLogin(identity, 7, time);

  it('lays out the fields at the standard offsets', () => {
    expect(frame.length).toBe(25 + 41);
    expect([frame[0], frame[1], frame[2], frame[3]]).toEqual([0x23, 0x23, 0x05, 0xfe]);
    expect(ascii(frame, 4, 17)).toBe('PLATFORM000000001');
    expect(frame[21]).toBe(0x01);
    expect((frame[22]! << 8) | frame[23]!).toBe(41);
    expect([...frame.subarray(24, 30)]).toEqual([26, 11, 26, 9, 30, 5]);
    expect((frame[30]! << 8) | frame[31]!).toBe(7);
    expect(ascii(frame, 32, 12)).toBe('fleetuser\0\0\0');
    expect(ascii(frame, 44, 20)).toBe('secret-pass' + '\0'.repeat(9));
    expect(frame[64]).toBe(0x01);
    expect(frame[65]).toBe(bcc(frame, 2, 65));
  });

  it('decodes back with the codec', () => {
    const r = decodeFrame(frame);
    expect(r.ok && r.frame.body).toEqual({ kind: 'platformLogin', time, seq: 7, username: 'fleetuser', password: 'secret-pass', encryptionRule: 1 });
  });

  it('writes the 2025 start marker and its encryption rules, refusing rules the edition lacks', () => {
    const sm4 = buildPlatformLogin({ ...identity, edition: '2025', encryptionRule: 0x05 }, 1, time);
    expect([sm4[0], sm4[1], sm4[64]]).toEqual([0x24, 0x24, 0x05]);
    expect(() => buildPlatformLogin({ ...identity, encryptionRule: 0x05 }, 1, time)).toThrow(/not defined in the 2016/);
    expect(() => buildPlatformLogin({ ...identity, encryptionRule: 0x09 }, 1, time)).toThrow(RangeError);
  });

  it('refuses serial numbers outside 1..65531 and over-long credentials', () => {
    expect(() => buildPlatformLogin(identity, 0, time)).toThrow(/seq/);
    expect(() => buildPlatformLogin(identity, 65532, time)).toThrow(/seq/);
    expect(() => buildPlatformLogin({ ...identity, username: 'x'.repeat(13) }, 1, time)).toThrow(/12/);
    expect(() => buildPlatformLogin({ ...identity, password: 'x'.repeat(21) }, 1, time)).toThrow(/20/);
  });
});

describe('platform logout 0x06 and heartbeat 0x07', () => {
  it('logout carries the time and the login serial number', () => {
    const f = buildPlatformLogout(identity, 7, time);
    expect(f.length).toBe(25 + 8);
    expect([f[2], f[3]]).toEqual([0x06, 0xfe]);
    expect((f[30]! << 8) | f[31]!).toBe(7);
    expect(f[32]).toBe(bcc(f, 2, 32));
  });

  it('heartbeat is the 25-byte empty frame', () => {
    const f = buildPlatformHeartbeat(identity);
    expect(f.length).toBe(25);
    expect([f[2], f[3], f[22], f[23]]).toEqual([0x07, 0xfe, 0, 0]);
  });
});

describe('realtime and reissue re-framed for the superior platform', () => {
  const v1 = hex(V1);

  it('same edition: only the command byte and the BCC change', () => {
    const out = reframeForPlatform(v1, '2016', Command.reissue);
    expect(out[2]).toBe(0x03);
    expect(out.length).toBe(v1.length);
    for (let i = 0; i < v1.length - 1; i++) if (i !== 2) expect(out[i]).toBe(v1[i]);
    expect(out[out.length - 1]).toBe(bcc(out, 2, out.length - 1));
    expect(v1[2]).toBe(0x02); // the input is not touched
    const back = reframeForPlatform(out, '2016', Command.realtime);
    expect([...back]).toEqual([...v1]);
  });

  it('2016 → 2025: the same readings under 2025 info types; the extremes block, which 2025 lacks, dropped', () => {
    const out = reframeForPlatform(v1, '2025', Command.realtime);
    expect([out[0], out[1], out[2]]).toEqual([0x24, 0x24, 0x02]);
    const r = decodeFrame(out);
    expect(r.ok).toBe(true);
    const body = (r.ok ? r.frame.body : undefined) as RealtimeBody;
    expect(body.items.map((i) => i.kind)).toEqual(['vehicle', 'position', 'alarm', 'cellVoltages', 'probeTemperatures']);
    const src = decodeFrame(v1);
    const srcBody = (src.ok ? src.frame.body : undefined) as RealtimeBody;
    expect(body.time).toEqual(srcBody.time);
    const pos = body.items.find((i) => i.kind === 'position');
    expect(pos).toEqual({ ...srcBody.items.find((i) => i.kind === 'position'), coordinateSystem: 1 });
    expect(body.items[0]).toMatchObject({ speedKmh: 0, socPercent: 69 });
  });

  it('2016 → 2025 → 2016 keeps the cell list', () => {
    const there = reframeForPlatform(hex(V4), '2025', Command.reissue);
    const back = decodeFrame(reframeForPlatform(there, '2016', Command.reissue));
    expect(back.ok && back.frame.command).toBe(0x03);
    const cells = back.ok ? (back.frame.body as RealtimeBody).items.find((i) => i.kind === 'cellVoltages') : undefined;
    expect(cells).toMatchObject({ packs: [{ cellVoltagesV: [3.276, 3.28, 3.265, 3.271], startCell: 1, totalCells: 4 }] });
  });

  it('refuses what is not a realtime frame', () => {
    expect(() => reframeForPlatform(buildPlatformHeartbeat(identity), '2016', Command.reissue)).toThrow(/not realtime/);
    expect(() => reframeForPlatform(new Uint8Array(10), '2016', Command.reissue)).toThrow(/not a GB/);
  });

  it('reads the collection time of a realtime frame', () => {
    expect(realtimeTimeOf(v1)).toEqual({ year: 2020, month: 9, day: 8, hour: 18, minute: 17, second: 12 });
    expect(realtimeTimeOf(buildPlatformHeartbeat(identity))).toBeUndefined();
  });
});

describe('answers of the superior platform', () => {
  it('reads success and refusal of a login, with its time', () => {
    const ok = buildResponse({ edition: '2016', command: Command.platformLogin, vin: identity.platformCode }, ResponseFlag.success, time);
    expect(parsePlatformResponse(ok)).toEqual({ edition: '2016', command: 0x05, vin: identity.platformCode, flag: 1, ok: true, time });
    const refused = buildResponse({ edition: '2016', command: Command.platformLogin, vin: identity.platformCode }, ResponseFlag.error, time);
    expect(parsePlatformResponse(refused)).toMatchObject({ ok: false, flag: 2 });
    expect(responseFlagText(2)).toBe('错误');
    expect(responseFlagText(0x42)).toBe('未知应答 0x42');
  });

  it('accepts the 2016 annex answer that echoes the whole login body', () => {
    const echo = buildPlatformLogin(identity, 3, time).slice();
    echo[3] = ResponseFlag.success;
    echo[echo.length - 1] = bcc(echo, 2, echo.length - 1);
    expect(parsePlatformResponse(echo)).toMatchObject({ command: 0x05, ok: true, time });
  });

  it('ignores commands and broken frames', () => {
    expect(parsePlatformResponse(buildPlatformHeartbeat(identity))).toBeNull();
    const broken = buildResponse({ edition: '2016', command: 0x05, vin: 'X' }, 1, time).slice();
    broken[broken.length - 1] ^= 0xff;
    expect(parsePlatformResponse(broken)).toBeNull();
  });
});

describe('a frame with its data unit replaced (encryption)', () => {
  it('sets the encryption byte, the length and the BCC; the header stays', () => {
    const plain = buildPlatformHeartbeat(identity);
    const out = withDataUnit(plain, Encryption.aes, () => Uint8Array.of(1, 2, 3));
    expect(Buffer.from(out.subarray(0, 21)).equals(Buffer.from(plain.subarray(0, 21)))).toBe(true);
    expect([out[21], out[22], out[23], ...out.subarray(24, 27)]).toEqual([Encryption.aes, 0, 3, 1, 2, 3]);
    expect(out[out.length - 1]).toBe(bcc(out, 2, out.length - 1));
    const decoded = decodeFrame(out);
    expect(decoded.ok && decoded.frame.body).toEqual({ kind: 'encrypted', data: Uint8Array.of(1, 2, 3) });
  });
});
