import type { Frame } from '@wdiov/contracts/protocol/index';

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
