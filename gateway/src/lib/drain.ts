import type { Logger } from 'pino';

/** One part of a stop: its name (for the log) and what closes it. */
export interface DrainStep {
  name: string;
  run: () => Promise<unknown> | unknown;
}

export interface DrainReport {
  /** Steps still running when the budget ran out (the process exits without them). */
  overran: string[];
  /** Steps that threw (the others went on). */
  failed: string[];
  elapsedMs: number;
}

/**
 * Runs a stop in phases within one time budget: the steps of a phase run side by side, a phase
 * starts when the one before has ended or the budget is spent, and the whole never outlasts the
 * budget however slow a step is (a saturated machine, a peer that does not answer). A container
 * runtime kills at its own deadline (docker's is 10 s), mid-write; within the budget the gateway
 * gets to say what it left and exit on its own.
 */
export async function drainWithin(phases: readonly (readonly DrainStep[])[], budgetMs: number, logger?: Pick<Logger, 'warn'>, now = () => Date.now()): Promise<DrainReport> {
  const start = now();
  const deadline = start + budgetMs;
  const overran: string[] = [];
  const failed: string[] = [];
  for (const phase of phases) {
    const left = deadline - now();
    if (left <= 0) {
      overran.push(...phase.map((s) => s.name));
      continue;
    }
    const pending = new Set(phase.map((s) => s.name));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(phase.map(async (step) => {
        try {
          await step.run();
        } catch (err) {
          failed.push(step.name);
          logger?.warn({ err, step: step.name }, 'stop step failed');
        } finally {
          pending.delete(step.name);
        }
      })),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, left))),
    ]);
    clearTimeout(timer);
    overran.push(...pending);
  }
  if (overran.length > 0) logger?.warn({ overran, budgetMs }, 'stop budget spent before every step ended');
  return { overran, failed, elapsedMs: now() - start };
}

interface ClosableServer {
  close(callback: () => void): unknown;
  closeIdleConnections?(): void;
  closeAllConnections?(): void;
}

/** Stops accepting, lets the requests in flight finish for at most maxMs, then closes what is left. */
export async function closeHttp(server: ClosableServer, maxMs: number): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections?.();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))]);
  clearTimeout(timer);
  server.closeAllConnections?.();
}
