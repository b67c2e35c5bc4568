import type { Browser, Page } from '@playwright/test';

/** What each renderer task was started by, judged from the trace events inside it. */
export type TaskKind = 'message' | 'timer' | 'gc' | 'frame' | 'other';

export interface ThreadSummary {
  /** Busy ms per kind of task (top-level RunTask durations). */
  ms: Record<TaskKind, number>;
  tasks: Record<TaskKind, number>;
  /** The longest single task of each kind: how long the thread was blocked at once. */
  maxMs: Record<TaskKind, number>;
  totalMs: number;
  /**
   * The rxjs scheduler's `flush` calls: the live feed's coalescing window (store write, layer
   * rebuild). Other timers, e.g. the panels' throttled React renders, stay out of it.
   */
  coalesce: { ms: number; calls: number; maxMs: number };
}

export interface TraceSummary {
  main: ThreadSummary;
  /** Dedicated workers of the page's renderer (0 when there are none). */
  workerMs: number;
  wallMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { type?: string; functionName?: string } };
}

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];
/** With software GL (no GPU here) `Commit` blocks for the raster: hundreds of ms a frame. */
const FRAME_EVENTS = new Set(['FireAnimationFrame', 'BeginMainThreadFrame', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Commit']);
const GC_EVENTS = new Set(['MinorGC', 'MajorGC', 'BlinkGC.AtomicPhase']);

const zero = (): Record<TaskKind, number> => ({ message: 0, timer: 0, gc: 0, frame: 0, other: 0 });

/**
 * A WebSocket frame shows as `WebSocketReceive` (no EventDispatch), a worker's message as an
 * `EventDispatch` of type message; either way the handler is a FunctionCall of `…onmessage`.
 * Such a task also holds the browser's own work of turning the frame into a JS string.
 */
const isMessage = (e: TraceEvent) =>
  e.name === 'WebSocketReceive' ||
  (e.name === 'EventDispatch' && e.args?.data?.type === 'message') ||
  (e.name === 'FunctionCall' && /onmessage$/.test(e.args?.data?.functionName ?? ''));

/**
 * Chromium trace of `work`, reduced to the page's main-thread busy time by what started each
 * task: a message (a WebSocket or Worker message: where a socket frame is decoded or a
 * worker's batch received), a timer (the coalescing window: store write and layer rebuild),
 * a garbage collection on its own, an animation frame (deck.gl's attribute upload and draw,
 * the compositor commit) or anything else.
 */
export async function traceMainThread(browser: Browser, page: Page, work: () => Promise<void>): Promise<TraceSummary> {
  await browser.startTracing(page, { categories: CATEGORIES });
  const started = Date.now();
  await work();
  const wallMs = Date.now() - started;
  const raw = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents ?? [];
  return { ...summarise(events), wallMs };
}

function summarise(events: TraceEvent[]): Omit<TraceSummary, 'wallMs'> {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' && e.ph !== 'I' && e.ph !== 'i') continue;
    const key = `${e.pid}:${e.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  const busy = (list: TraceEvent[]) => list.reduce((s, e) => s + (e.name === 'RunTask' ? e.dur ?? 0 : 0), 0);
  // The page's renderer main thread is the busiest CrRendererMain (others are blank helpers).
  const mains = [...byThread.keys()].filter((k) => names.get(k) === 'CrRendererMain');
  const mainKey = mains.sort((a, b) => busy(byThread.get(b)!) - busy(byThread.get(a)!))[0];
  const main = summariseThread(mainKey ? byThread.get(mainKey)! : []);
  const pid = mainKey?.split(':')[0];
  const workerMs = [...byThread.entries()]
    .filter(([k]) => k.startsWith(`${pid}:`) && /DedicatedWorker/.test(names.get(k) ?? ''))
    .reduce((s, [, list]) => s + busy(list) / 1000, 0);
  return { main, workerMs };
}

function summariseThread(list: TraceEvent[]): ThreadSummary {
  const sorted = [...list].sort((a, b) => a.ts - b.ts);
  const s: ThreadSummary = { ms: zero(), tasks: zero(), maxMs: zero(), totalMs: 0, coalesce: { ms: 0, calls: 0, maxMs: 0 } };
  for (const e of sorted) {
    if (e.name !== 'FunctionCall' || !/(^|\.)flush$/.test(e.args?.data?.functionName ?? '')) continue;
    const ms = (e.dur ?? 0) / 1000;
    s.coalesce.ms += ms;
    s.coalesce.calls++;
    s.coalesce.maxMs = Math.max(s.coalesce.maxMs, ms);
  }
  for (let i = 0; i < sorted.length; i++) {
    const task = sorted[i];
    if (task.name !== 'RunTask' || !task.dur) continue;
    const end = task.ts + task.dur;
    let kind: TaskKind = 'other';
    for (let j = i + 1; j < sorted.length && sorted[j].ts <= end; j++) {
      const e = sorted[j];
      if (isMessage(e)) {
        kind = 'message';
        break;
      }
      if (e.name === 'TimerFire') kind = 'timer';
      else if (kind === 'other' && FRAME_EVENTS.has(e.name)) kind = 'frame';
      else if (kind === 'other' && GC_EVENTS.has(e.name)) kind = 'gc';
    }
    const ms = task.dur / 1000;
    s.ms[kind] += ms;
    s.tasks[kind]++;
    s.maxMs[kind] = Math.max(s.maxMs[kind], ms);
    s.totalMs += ms;
  }
  return s;
}
