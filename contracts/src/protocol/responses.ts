/**
 * Response frames the platform must send (tables 4 and annex B of both editions):
 * change the response flag, keep the message time, drop the rest of the data unit,
 * recompute the BCC. Heartbeat acks are empty (a heartbeat has no time); a time-sync
 * ack carries the platform's current time.
 */
import { Command, BODY_OFFSET, ENCRYPTION_OFFSET, Encryption, isEncrypted, ResponseFlag, type Edition } from './constants.ts';
import type { FrameBody } from './commands.ts';
import { encodeFrame, type FrameHeader } from './frame.ts';
import { timeAt, TIME_LENGTH, type GbTime } from './time.ts';

/** What a response needs from the request it answers. */
export interface ResponseTarget {
  edition: Edition;
  command: number;
  vin: string;
}

/** The message time of a decoded data unit, when it has one. */
export function messageTime(body: FrameBody): GbTime | undefined {
  return 'time' in body ? body.time : undefined;
}

/**
 * The message time straight from frame bytes, for answering frames whose data unit
 * failed to decode. Undefined for commands whose data unit does not start with a time.
 */
export function messageTimeOfBytes(frame: Uint8Array): GbTime | undefined {
  if (frame.length < BODY_OFFSET + TIME_LENGTH + 1 || isEncrypted(frame[ENCRYPTION_OFFSET])) return undefined;
  const command = frame[2];
  if (command === Command.heartbeat || command === Command.timeSync) return undefined;
  if (command === Command.activationResponse || command === Command.keyExchange) return undefined;
  return timeAt(frame, BODY_OFFSET);
}

/** A response frame: same command and VIN, the given flag, data unit = time (or empty). */
export function buildResponse(to: ResponseTarget, flag: number, time?: GbTime): Uint8Array {
  const body: FrameBody = time ? { kind: 'ack', time } : { kind: 'empty' };
  return encodeFrame({ edition: to.edition, command: to.command, responseFlag: flag, vin: to.vin, encryption: Encryption.none, body });
}

/** Answer to a vehicle login (0x01): flag success, or vinDuplicate / vinNotFound / error. */
export function buildLoginAck(login: FrameHeader & { body: FrameBody }, flag: number = ResponseFlag.success): Uint8Array {
  return buildResponse(login, flag, messageTime(login.body));
}

/** Answer to a heartbeat (0x07): success, empty data unit. */
export function buildHeartbeatAck(heartbeat: ResponseTarget): Uint8Array {
  return buildResponse({ ...heartbeat, command: Command.heartbeat }, ResponseFlag.success);
}

/** Answer to a terminal time-sync request (0x08): success with the platform's time (Beijing time). */
export function buildTimeSyncAck(request: ResponseTarget, now: GbTime): Uint8Array {
  return buildResponse({ ...request, command: Command.timeSync }, ResponseFlag.success, now);
}

/**
 * Error answer (e.g. to a malformed realtime frame, which is otherwise not acked).
 * Pass the request's message time when known (messageTime / messageTimeOfBytes).
 */
export function buildErrorAck(request: ResponseTarget, flag: number = ResponseFlag.error, time?: GbTime): Uint8Array {
  return buildResponse(request, flag, time);
}
