import { connect, type Socket } from 'node:net';
import {
  Command, Encryption, ResponseFlag, createFramer, decodeFrame, encodeFrame, gbTimeFromEpochMs,
  type Edition, type Frame, type FrameBody, type ParamItem,
} from '@wdiov/contracts/protocol/index';

/**
 * Test support: a terminal on a real TCP connection that logs in and answers the platform's
 * downlink commands the way a test tells it to (answer, fail, stay silent, send garbage).
 */

/** What the terminal sends back for a command: bytes, or nothing (silent). */
export type Behaviour = (command: Frame) => Uint8Array | undefined;

export const TERMINAL_PARAMS: ParamItem[] = [
  { id: 0x01, value: 'invalid' }, { id: 0x02, value: 10 }, { id: 0x03, value: 1000 }, { id: 0x04, value: 9 }, { id: 0x05, value: '127.0.0.1' },
  { id: 0x06, value: 32960 }, { id: 0x07, value: 'HW1.0' }, { id: 0x08, value: 'FW2.1' }, { id: 0x09, value: 30 }, { id: 0x0a, value: 'abnormal' },
  { id: 0x0b, value: 60 }, { id: 0x0c, value: 1 }, { id: 0x0d, value: 0 }, { id: 0x0e, value: '' }, { id: 0x0f, value: 0 }, { id: 0x10, value: 2 },
];

export function answerFrame(command: Frame, flag: number, body: FrameBody): Uint8Array {
  return encodeFrame({ edition: command.edition, command: command.command, responseFlag: flag, vin: command.vin, encryption: Encryption.none, body });
}

/** A well-behaved terminal: the queried parameters for 0x80, a time-only success for 0x81/0x82. */
export const answerWell: Behaviour = (command) => {
  const time = gbTimeFromEpochMs(Date.now());
  if (command.body.kind === 'queryParams') {
    const ids = new Set(command.body.ids);
    return answerFrame(command, ResponseFlag.success, { kind: 'params', time, params: TERMINAL_PARAMS.filter((p) => ids.has(p.id)) });
  }
  return answerFrame(command, ResponseFlag.success, { kind: 'ack', time });
};

export const answerWithFlag = (flag: number): Behaviour => (command) => answerFrame(command, flag, { kind: 'ack', time: gbTimeFromEpochMs(Date.now()) });

export const silent: Behaviour = () => undefined;

function loginFrame(vin: string, edition: Edition): Uint8Array {
  const time = gbTimeFromEpochMs(Date.now());
  const body: FrameBody = edition === '2016'
    ? { kind: 'login', time, seq: 1, iccid: '89860012345678901234', ressCount: 0, ressCodeLength: 0, ressCodes: [] }
    : { kind: 'login', time, seq: 1, iccid: '89860012345678901234', packCodesByBms: [] };
  return encodeFrame({ edition, command: Command.vehicleLogin, responseFlag: ResponseFlag.command, vin, encryption: Encryption.none, body });
}

export interface AnsweringTerminal {
  socket: Socket;
  /** Every command the platform sent, decoded. */
  commands: Frame[];
  behaviour: Behaviour;
  send(bytes: Uint8Array): void;
  close(): Promise<void>;
}

/** Connects, logs in (resolves once the login is acked) and answers commands with `behaviour` (changeable). */
export async function answeringTerminal(port: number, vin: string, behaviour: Behaviour = answerWell, edition: Edition = '2016'): Promise<AnsweringTerminal> {
  const socket = connect(port, '127.0.0.1');
  const framer = createFramer();
  let loggedIn: () => void;
  const login = new Promise<void>((r) => (loggedIn = r));
  const t: AnsweringTerminal = {
    socket, commands: [], behaviour,
    send: (b) => socket.write(b),
    close: () => new Promise((r) => {
      if (socket.destroyed) return r();
      socket.once('close', () => r());
      socket.destroy();
    }),
  };
  socket.on('data', (chunk) => {
    for (const bytes of framer.push(new Uint8Array(chunk))) {
      const r = decodeFrame(bytes);
      if (!r.ok) continue;
      if (r.frame.command === Command.vehicleLogin) loggedIn();
      if (r.frame.responseFlag !== ResponseFlag.command) continue;
      t.commands.push(r.frame);
      const answer = t.behaviour(r.frame);
      if (answer) socket.write(answer);
    }
  });
  socket.on('error', () => {});
  await new Promise((r) => socket.once('connect', r));
  socket.write(loginFrame(vin, edition));
  await login;
  return t;
}
