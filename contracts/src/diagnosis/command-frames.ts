/**
 * Between an instruction as the console submits it and the GB/T 32960 frames on the wire:
 * the data unit a platform sends for a query (0x80), set (0x81) or control (0x82), and a
 * terminal's answer flattened into the InstructionReply data the console shows. Shared by the
 * gateway (which sends), the simulator (which answers) and the browser (which displays).
 */
import { encodeFrame, type Frame } from '../protocol/frame.ts';
import { Command, Encryption, ResponseFlag, type Edition } from '../protocol/constants.ts';
import type { FrameBody } from '../protocol/commands.ts';
import { ControlCommand } from '../protocol/control.ts';
import { ParamId, type ParamItem } from '../protocol/params.ts';
import type { GbTime } from '../protocol/time.ts';
import { InstructType, type CommandRequest } from './instruction.ts';

/** The downlink command id of each instruction type the wire knows. */
export const COMMAND_OF_TYPE = {
  [InstructType.query]: Command.queryParams,
  [InstructType.set]: Command.setParams,
  [InstructType.control]: Command.terminalControl,
} as const;

export type DownlinkType = keyof typeof COMMAND_OF_TYPE;

/** Parameters whose value is text (domains, versions); all others are numeric readings. */
export const TEXT_PARAM_IDS: readonly number[] = [ParamId.platformDomain, ParamId.hardwareVersion, ParamId.firmwareVersion, ParamId.publicDomain];

/** A domain's value can only be read after its length parameter: the length that goes before each domain. */
export const LENGTH_OF_DOMAIN: Readonly<Record<number, number>> = {
  [ParamId.platformDomain]: ParamId.platformDomainLength,
  [ParamId.publicDomain]: ParamId.publicDomainLength,
};

/** Names of the response flags (table 4), for failure reasons a person reads. */
export const RESPONSE_FLAG_NAMES: Readonly<Record<number, string>> = {
  [ResponseFlag.success]: '成功',
  [ResponseFlag.error]: '错误',
  [ResponseFlag.vinDuplicate]: 'VIN重复',
  [ResponseFlag.vinNotFound]: 'VIN不存在',
  [ResponseFlag.signatureInvalid]: '签名无效',
  [ResponseFlag.dataStructureError]: '数据结构错误',
  [ResponseFlag.decryptionError]: '解密错误',
};

export const hex = (n: number) => `0x${n.toString(16).padStart(2, '0').toUpperCase()}`;

/** "错误 (0x02)": a response flag as a failure reason names it. */
export const responseFlagText = (flag: number) => `${RESPONSE_FLAG_NAMES[flag] ?? '未知应答'} (${hex(flag)})`;

/** Ids in ascending order, each domain preceded by its length parameter (else the answer cannot be decoded). */
export function withDomainLengths(ids: readonly number[]): number[] {
  const all = new Set(ids);
  for (const id of ids) if (LENGTH_OF_DOMAIN[id] !== undefined) all.add(LENGTH_OF_DOMAIN[id]);
  return [...all].sort((a, b) => a - b);
}

/** Parameter items with each domain's length item right before it (the order readParams needs). */
export function paramItemsWithLengths(params: readonly { id: number; value: number | string }[]): ParamItem[] {
  const out: ParamItem[] = [];
  for (const p of params) {
    const lengthId = LENGTH_OF_DOMAIN[p.id];
    if (lengthId !== undefined) out.push({ id: lengthId, value: typeof p.value === 'string' ? p.value.length : 0 });
    out.push({ id: p.id, value: p.value });
  }
  return out;
}

function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/**
 * The data unit of the command frame for an instruction. Throws a RangeError naming the
 * field when the content cannot be sent (a control that lacks its argument); value ranges
 * that depend on the edition surface when the frame is encoded (see encodeCommand).
 */
export function commandBody(request: Pick<CommandRequest, 'instructType' | 'content'>, time: GbTime): FrameBody {
  const c = request.content;
  switch (request.instructType) {
    case InstructType.query:
      if (!('ids' in c)) throw new RangeError('content.ids: the parameters to query');
      return { kind: 'queryParams', time, ids: withDomainLengths(c.ids) };
    case InstructType.set:
      if (!('params' in c)) throw new RangeError('content.params: the parameters to set');
      return { kind: 'params', time, params: paramItemsWithLengths(c.params) };
    case InstructType.control: {
      if (!('commandId' in c)) throw new RangeError('content.commandId: the control command');
      let args: Uint8Array = new Uint8Array(0);
      if (c.commandId === ControlCommand.upgrade) {
        if (!c.upgrade) throw new RangeError('content.upgrade: the upgrade fields (URL;APN;…)');
        args = latin1Bytes(c.upgrade);
      } else if (c.commandId === ControlCommand.alarm) {
        if (c.alarmLevel === undefined) throw new RangeError('content.alarmLevel: the alarm level');
        args = Uint8Array.of(c.alarmLevel);
      }
      return { kind: 'control', time, commandId: c.commandId, args };
    }
  }
}

/** The whole command frame (response flag 0xFE) for a terminal of an edition; throws a RangeError naming the field. */
export function encodeCommand(edition: Edition, vin: string, request: Pick<CommandRequest, 'instructType' | 'content'>, time: GbTime): Uint8Array {
  return encodeFrame({
    edition, command: COMMAND_OF_TYPE[request.instructType], responseFlag: ResponseFlag.command, vin, encryption: Encryption.none,
    body: commandBody(request, time),
  });
}

/** Flattened parameter values: numbers as they are, sentinels (invalid/abnormal) as null, text as text. Keys are decimal ids. */
export function flattenParams(items: readonly ParamItem[]): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  for (const { id, value } of items) {
    out[String(id)] = TEXT_PARAM_IDS.includes(id) ? String(value) : typeof value === 'number' ? value : null;
  }
  return out;
}

/**
 * The data of a successful answer: `{ params }` for a query (0x80), `{ responseFlag }` for a
 * set or control (0x81/0x82), whether the terminal answered with the time only or echoed the body.
 */
export function answerData(answer: Frame): Record<string, unknown> {
  if (answer.command === Command.queryParams) {
    return { params: answer.body.kind === 'params' ? flattenParams(answer.body.params) : {} };
  }
  return { responseFlag: answer.responseFlag };
}
