import { Command, Encryption, ResponseFlag, encodeFrame, type Edition, type Frame, type FrameBody } from '@wdiov/contracts/protocol/index';

/** Downlink commands a platform sends (query 0x80, set 0x81, control 0x82); the terminal answers each with the same id. */
export const DOWNLINK: ReadonlySet<number> = new Set([Command.queryParams, Command.setParams, Command.terminalControl]);

/** A platform command's frame (flag 0xFE) in the edition the terminal logged in with, or why it cannot be sent. */
export function commandFrame(edition: Edition, vin: string, command: number, body: FrameBody): Uint8Array | { kind: 'refused'; reason: string } {
  if (!DOWNLINK.has(command)) return { kind: 'refused', reason: `不是下行指令: 0x${command.toString(16)}` };
  try {
    return encodeFrame({ edition, command, responseFlag: ResponseFlag.command, vin, encryption: Encryption.none, body });
  } catch (err) {
    return { kind: 'refused', reason: `指令无法按${edition}版协议编码: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** How a command sent to a terminal ended. */
export type CommandAnswer =
  /** The terminal answered (its response flag may still say it failed). */
  | { kind: 'answered'; frame: Frame }
  /** An answer arrived but its data unit could not be read. */
  | { kind: 'undecodable'; responseFlag: number; reason: string }
  | { kind: 'timeout' }
  /** Never sent, or given up on: not logged in, busy, closed, not encodable. */
  | { kind: 'refused'; reason: string };

interface Waiting {
  resolve(answer: CommandAnswer): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The commands one terminal connection is waiting on, by command id. A terminal's answer
 * names only the command id (no serial number), so a second command of the same id could not
 * be told apart from the first: it is refused until the first is answered or timed out.
 */
export class PendingCommands {
  private readonly waiting = new Map<number, Waiting>();

  busy(command: number): boolean {
    return this.waiting.has(command);
  }

  /** Starts waiting for the answer to `command`; the caller sends the frame right after. */
  wait(command: number, timeoutMs: number): Promise<CommandAnswer> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(command, { kind: 'timeout' }), timeoutMs);
      this.waiting.set(command, { resolve, timer });
    });
  }

  /** Hands an answer to the command waiting for it; false when none is (a late or unasked answer). */
  settle(command: number, answer: CommandAnswer): boolean {
    const w = this.waiting.get(command);
    if (!w) return false;
    clearTimeout(w.timer);
    this.waiting.delete(command);
    w.resolve(answer);
    return true;
  }

  /** Ends every wait (logout, disconnect): those commands will get no answer now. */
  settleAll(reason: string): void {
    for (const command of [...this.waiting.keys()]) this.settle(command, { kind: 'refused', reason });
  }
}
