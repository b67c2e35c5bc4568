// Downlink instructions on the wire: command frames for every instruction type round-trip
// through the codec in both editions, and terminal answers flatten into the reply data.
import { describe, expect, it } from 'vitest';
import {
  Command, ControlCommand, Encryption, ResponseFlag, decodeFrame, encodeFrame, gbTimeFromEpochMs, type Edition, type Frame,
} from '../src/protocol/index.ts';
import { answerData, commandBody, encodeCommand, flattenParams, responseFlagText, withDomainLengths } from '../src/diagnosis/command-frames.ts';
import { InstructType, QUERYABLE_PARAM_IDS, commandRequest, issueInstruction } from '../src/diagnosis/instruction.ts';

const VIN = 'LSVAU2180N2187001';
const time = gbTimeFromEpochMs(Date.UTC(2025, 5, 1, 2, 0, 0));
const decoded = (bytes: Uint8Array): Frame => {
  const r = decodeFrame(bytes);
  if (!r.ok) throw new Error(r.reason);
  return r.frame;
};
const answer = (edition: Edition, command: number, flag: number, body: Frame['body']) =>
  decoded(encodeFrame({ edition, command, responseFlag: flag, vin: VIN, encryption: Encryption.none, body }));

describe.each(['2016', '2025'] as const)('command frames (%s)', (edition) => {
  it('a full query (0x80) asks for every parameter, each domain after its length', () => {
    const f = decoded(encodeCommand(edition, VIN, { instructType: InstructType.query, content: { ids: [...QUERYABLE_PARAM_IDS] } }, time));
    expect(f).toMatchObject({ edition, command: Command.queryParams, responseFlag: ResponseFlag.command, vin: VIN });
    expect(f.body).toEqual({ kind: 'queryParams', time, ids: QUERYABLE_PARAM_IDS });
    expect(withDomainLengths([0x0e, 0x05, 0x02])).toEqual([0x02, 0x04, 0x05, 0x0d, 0x0e]);
  });

  it('a set (0x81) carries the values, with the domain length added before the domain', () => {
    const content = { params: [{ id: 0x02, value: 30 }, { id: 0x05, value: 'gw.example.com' }, { id: 0x06, value: 32960 }] };
    const f = decoded(encodeCommand(edition, VIN, { instructType: InstructType.set, content }, time));
    expect(f.command).toBe(Command.setParams);
    expect(f.body).toEqual({
      kind: 'params', time,
      params: [{ id: 0x02, value: 30 }, { id: 0x04, value: 14 }, { id: 0x05, value: 'gw.example.com' }, { id: 0x06, value: 32960 }],
    });
  });

  it('a control (0x82) carries its argument: the alarm level, the upgrade fields, nothing for the rest', () => {
    const alarm = decoded(encodeCommand(edition, VIN, { instructType: InstructType.control, content: { commandId: ControlCommand.alarm, alarmLevel: 2 } }, time));
    expect(alarm.body).toEqual({ kind: 'control', time, commandId: 6, args: Uint8Array.of(2) });
    const upgrade = decoded(encodeCommand(edition, VIN, { instructType: InstructType.control, content: { commandId: ControlCommand.upgrade, upgrade: 'ftp://x;cmnet' } }, time));
    expect(upgrade.body).toMatchObject({ kind: 'control', commandId: 1 });
    expect(new TextDecoder().decode((upgrade.body as { args: Uint8Array }).args)).toBe('ftp://x;cmnet');
    const shutdown = decoded(encodeCommand(edition, VIN, { instructType: InstructType.control, content: { commandId: ControlCommand.shutdown } }, time));
    expect(shutdown.body).toEqual({ kind: 'control', time, commandId: 2, args: new Uint8Array(0) });
  });

  it('refuses a control without its argument and a value the field cannot hold, naming the field', () => {
    expect(() => commandBody({ instructType: InstructType.control, content: { commandId: ControlCommand.alarm } }, time)).toThrow(/content.alarmLevel/);
    expect(() => commandBody({ instructType: InstructType.control, content: { commandId: ControlCommand.upgrade } }, time)).toThrow(/content.upgrade/);
    expect(() => encodeCommand(edition, VIN, { instructType: InstructType.set, content: { params: [{ id: 0x09, value: 300 }] } }, time)).toThrow(/param 0x9/);
    expect(() => encodeCommand(edition, VIN, { instructType: InstructType.set, content: { params: [{ id: 0x06, value: 'x' }] } }, time)).toThrow(/param 0x6/);
  });

  it('flattens a query answer: numbers, text, and null for the invalid and abnormal sentinels', () => {
    const f = answer(edition, Command.queryParams, ResponseFlag.success, {
      kind: 'params', time,
      params: [{ id: 0x01, value: 'invalid' }, { id: 0x02, value: 10 }, { id: 0x04, value: 5 }, { id: 0x05, value: 'a.com' }, { id: 0x07, value: 'HW1.0' }, { id: 0x09, value: 'abnormal' }],
    });
    expect(answerData(f)).toEqual({ params: { 1: null, 2: 10, 4: 5, 5: 'a.com', 7: 'HW1.0', 9: null } });
    expect(flattenParams([])).toEqual({});
  });

  it('reads set and control answers as their response flag, whether time-only or echoed', () => {
    expect(answerData(answer(edition, Command.setParams, ResponseFlag.success, { kind: 'ack', time }))).toEqual({ responseFlag: 1 });
    const echoed = answer(edition, Command.terminalControl, ResponseFlag.success, { kind: 'control', time, commandId: 6, args: Uint8Array.of(1) });
    expect(answerData(echoed)).toEqual({ responseFlag: 1 });
    expect(responseFlagText(ResponseFlag.error)).toBe('错误 (0x02)');
  });
});

describe('instruction schemas', () => {
  it('name the field of a bad body', () => {
    const bad = issueInstruction.safeParse({ vin: VIN, instructType: 1, content: { ids: [0x40] } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['content', 'ids', 0]);
    expect(issueInstruction.safeParse({ instructType: 1, content: { ids: [2] } }).error!.issues[0]!.path).toEqual(['vehicleId']);
    expect(commandRequest.safeParse({ recordId: '1', instructType: 1, content: { ids: [2] }, timeoutMs: 10_000 }).success).toBe(true);
  });
});
