/**
 * How a simulated terminal answers the platform's downlink commands, without any I/O: query
 * (0x80) answers its parameter values, set (0x81) changes them, terminal control (0x82) is
 * acknowledged and, for shutdown, disconnect and reset, the link closes after the answer.
 */
import {
  Command, ControlCommand, Encryption, ParamId, ResponseFlag, encodeFrame, gbTimeFromEpochMs, type Frame, type FrameBody,
} from '@wdiov/contracts/protocol/index';
import type { TerminalParams } from './terminal-params.ts';

export interface CommandResult {
  answer: Uint8Array;
  /** What the link does once the answer is sent: keep going, drop the connection (it reconnects), or switch off. */
  after: 'stay' | 'disconnect' | 'shutdown';
  /** Parameters whose value changed (a set, a factory reset). */
  changed: number[];
}

const DOWNLINK: ReadonlySet<number> = new Set([Command.queryParams, Command.setParams, Command.terminalControl]);
const KNOWN_CONTROLS: ReadonlySet<number> = new Set(Object.values(ControlCommand));

/** True for a frame the platform sends as a command the terminal must answer. */
export function isDownlink(frame: Frame): boolean {
  return frame.responseFlag === ResponseFlag.command && DOWNLINK.has(frame.command);
}

function reply(command: Frame, flag: number, body: FrameBody): Uint8Array {
  return encodeFrame({ edition: command.edition, command: command.command, responseFlag: flag, vin: command.vin, encryption: Encryption.none, body });
}

/** The answer to a downlink command, and what follows it. */
export function answerCommand(command: Frame, params: TerminalParams, nowMs: number): CommandResult {
  const time = gbTimeFromEpochMs(nowMs);
  const ack = (flag: number = ResponseFlag.success) => reply(command, flag, { kind: 'ack', time });
  const body = command.body;
  if (command.command === Command.queryParams && body.kind === 'queryParams') {
    return { answer: reply(command, ResponseFlag.success, { kind: 'params', time, params: params.query(body.ids) }), after: 'stay', changed: [] };
  }
  if (command.command === Command.setParams && body.kind === 'params') {
    const changed = params.apply(body.params);
    return { answer: ack(), after: 'stay', changed };
  }
  if (command.command === Command.terminalControl && body.kind === 'control' && KNOWN_CONTROLS.has(body.commandId)) {
    switch (body.commandId) {
      case ControlCommand.shutdown:
        return { answer: ack(), after: 'shutdown', changed: [] };
      case ControlCommand.disconnect:
      case ControlCommand.reset:
        return { answer: ack(), after: 'disconnect', changed: [] };
      case ControlCommand.factoryReset: {
        params.reset();
        // The link re-reads what drives it.
        return { answer: ack(), after: 'stay', changed: [ParamId.reportPeriod, ParamId.heartbeatPeriod] };
      }
      default:
        // Upgrade, alarm, sampling link: acknowledged, nothing to simulate.
        return { answer: ack(), after: 'stay', changed: [] };
    }
  }
  // A data unit the terminal cannot act on.
  return { answer: ack(ResponseFlag.error), after: 'stay', changed: [] };
}
