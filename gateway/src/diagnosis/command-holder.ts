import type { Logger } from 'pino';
import { subjects } from '@wdiov/contracts';
import { ResponseFlag, gbTimeFromEpochMs } from '@wdiov/contracts/protocol/index';
import { commandRequest, InstructStatus, type InstructionReply } from '@wdiov/contracts/diagnosis/instruction';
import { answerData, COMMAND_OF_TYPE, commandBody, responseFlagText } from '@wdiov/contracts/diagnosis/command-frames';
import type { BusMsg, MessageBus, Subscription } from '../bus/bus.ts';
import type { CommandAnswer } from '../ingest/pending-commands.ts';
import type { TerminalConnection, TerminalSessions } from '../ingest/terminal-connection.ts';
import type { VehicleRef } from '../ingest/vehicle-directory.ts';

/** What the holder needs of a terminal connection. */
export type CommandTarget = Pick<TerminalConnection, 'sendCommand'>;

interface Held {
  conn: CommandTarget;
  sub: Subscription;
}

/** The reply for how a command ended at the terminal. */
export function replyOf(answer: CommandAnswer): InstructionReply {
  switch (answer.kind) {
    case 'answered': {
      const flag = answer.frame.responseFlag;
      if (flag !== ResponseFlag.success) return { status: InstructStatus.failed, failReason: `终端应答失败: ${responseFlagText(flag)}`, data: { responseFlag: flag } };
      return { status: InstructStatus.answered, data: answerData(answer.frame) };
    }
    case 'undecodable':
      return { status: InstructStatus.failed, failReason: `终端应答无法解析: ${answer.reason}`, data: { responseFlag: answer.responseFlag } };
    case 'timeout':
      return { status: InstructStatus.timedOut, failReason: '等待终端应答超时' };
    case 'refused':
      return { status: InstructStatus.failed, failReason: answer.reason };
  }
}

/**
 * Holds the command subject of every terminal logged in on this gateway: a request on
 * subjects.command(tenant, vin) is written to that terminal and answered with its reply.
 * Only the gateway holding the TCP connection subscribes, so "no responders" means offline.
 *
 * No queue group: after a reconnect to another gateway the old one may keep a half-dead socket
 * until its idle timeout; both then get the request, the live terminal answers first, and the
 * requester takes the first reply. (A queue group would send half the commands to the dead one.)
 */
export class CommandHolder implements TerminalSessions {
  private readonly held = new Map<string, Held>();
  private readonly dec = new TextDecoder();

  constructor(private readonly bus: MessageBus, private readonly logger: Logger) {}

  get size(): number {
    return this.held.size;
  }

  loggedIn(conn: CommandTarget, vehicle: VehicleRef): void {
    const subject = this.subjectOf(vehicle);
    if (!subject) return;
    const existing = this.held.get(subject);
    if (existing?.conn === conn) return;
    // A newer login of the same VIN (a reconnect) takes the subject over from the old connection.
    existing?.sub.unsubscribe();
    const sub = this.bus.subscribe(subject, (msg) => void this.handle(subject, msg));
    this.held.set(subject, { conn, sub });
  }

  loggedOut(conn: CommandTarget, vehicle: VehicleRef): void {
    const subject = this.subjectOf(vehicle);
    const h = subject ? this.held.get(subject) : undefined;
    if (!h || h.conn !== conn) return;
    h.sub.unsubscribe();
    this.held.delete(subject!);
  }

  close(): void {
    for (const h of this.held.values()) h.sub.unsubscribe();
    this.held.clear();
  }

  private subjectOf(vehicle: VehicleRef): string | undefined {
    try {
      return subjects.command(vehicle.tenantId, vehicle.vin);
    } catch {
      // A VIN with characters a subject cannot carry: such a terminal cannot be commanded.
      this.logger.warn({ vin: vehicle.vin }, 'no command subject for this VIN');
      return undefined;
    }
  }

  private async handle(subject: string, msg: BusMsg): Promise<void> {
    const reply = (r: InstructionReply) => msg.respond(JSON.stringify(r));
    let body: unknown;
    try {
      body = JSON.parse(this.dec.decode(msg.data));
    } catch {
      body = undefined;
    }
    const parsed = commandRequest.safeParse(body);
    if (!parsed.success) return void reply({ status: InstructStatus.failed, failReason: '指令格式无效' });
    const conn = this.held.get(subject)?.conn;
    if (!conn) return void reply({ status: InstructStatus.failed, failReason: '终端未登入' });
    const request = parsed.data;
    let answer: CommandAnswer;
    try {
      const frameBody = commandBody(request, gbTimeFromEpochMs(Date.now()));
      answer = await conn.sendCommand(COMMAND_OF_TYPE[request.instructType], frameBody, request.timeoutMs);
    } catch (err) {
      answer = { kind: 'refused', reason: err instanceof RangeError ? `指令内容无效: ${err.message}` : '指令下发失败' };
      if (!(err instanceof RangeError)) this.logger.error({ err, subject }, 'command to terminal failed');
    }
    reply(replyOf(answer));
  }
}
