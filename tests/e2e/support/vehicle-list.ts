import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { launchGateway, ROOT, type Gateway } from './gateway.ts';

const FILL_SCRIPT = fileURLToPath(new URL('./fill-vehicles.ts', import.meta.url));

/**
 * A gateway whose vehicle table holds `rows` more vehicles: started once on a fresh folder
 * (migrations, seed, the 200 demo vehicles), stopped, filled by SQL from a child process,
 * started again.
 */
export async function gatewayWithVehicles(rows: number): Promise<Gateway> {
  const gateway = await launchGateway();
  try {
    await gateway.stop();
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', FILL_SCRIPT, gateway.dataDir, String(rows)], { cwd: ROOT });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c));
      child.stderr.on('data', (c: Buffer) => (text += c));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`fill-vehicles exited ${code}: ${text}`))));
    });
    console.log(`vehicle table filled: ${out.trim().split('\n').at(-1)}`);
    await gateway.start();
    return gateway;
  } catch (error) {
    await gateway.dispose();
    throw error;
  }
}

export interface Shown {
  /** From the click to the frame in which the table shows the answered rows. */
  ms: number;
  /** Of which the list call: request sent to response read (gateway and database). */
  serverMs: number;
  /** From the click to the list call leaving the page, and from its answer to the rows shown. */
  beforeMs: number;
  afterMs: number;
  vins: string[];
  total: number;
}

type Seen = { at: number; rows: string[] };
type Win = Window & { __clickAt?: number; __seen?: Seen[]; __watching?: boolean };

/**
 * Times one list action in the page itself: the click as the document sees it, and a watcher
 * started before it that notes, frame by frame, each new set of rows the table shows (never
 * while the loading mask is up). The figure is the first frame showing exactly the VINs the
 * answer carried, so the time Playwright itself needs to look is not counted.
 */
/** `label`: the aria-label of the list's section (its entity title). */
export async function timeToRows(page: Page, label: string, act: () => Promise<void>, call: (u: URL) => boolean): Promise<Shown> {
  await page.evaluate((label) => {
    const w = window as Win;
    w.__clickAt = 0;
    w.__seen = [];
    w.__watching = true;
    document.addEventListener('click', () => (w.__clickAt ||= performance.now()), { capture: true, once: true });
    let last = '';
    const look = (now: number) => {
      if (!w.__watching) return;
      const root = document.querySelector(`section.wd-crud[aria-label="${label}"]`);
      if (root && !root.querySelector('.p-datatable-loading-overlay')) {
        const rows = [...root.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
        const key = rows.join('\n');
        if (key !== last) {
          last = key;
          w.__seen!.push({ at: now, rows });
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, label);
  const answered = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return r.request().method() === 'GET' && u.pathname === '/api/wdiov-base/vehicle/page' && call(u);
  });
  await act();
  const response = await answered;
  const timing = response.request().timing();
  const body = (await response.json()) as { data: { records: { vin: string }[]; total: number } };
  const vins = body.data.records.map((r) => r.vin);
  const shownAt = await page.waitForFunction(
    (vins) => {
      const w = window as Win;
      const clickAt = w.__clickAt ?? 0;
      const hit = w.__seen!.find((s) => s.at >= clickAt && s.rows.length === vins.length && vins.every((v, i) => s.rows[i]!.includes(v)));
      if (hit) w.__watching = false;
      return hit ? hit.at : 0;
    },
    vins,
    { polling: 100, timeout: 30_000 },
  );
  const url = response.url();
  const { clickAt, fetchStart, responseEnd } = await page.evaluate((url) => {
    const entry = performance.getEntriesByName(url, 'resource').at(-1) as PerformanceResourceTiming | undefined;
    return { clickAt: (window as Win).__clickAt ?? 0, fetchStart: entry?.fetchStart ?? 0, responseEnd: entry?.responseEnd ?? 0 };
  }, url);
  const round = (x: number) => Math.round(x * 10) / 10;
  const shown = Number(await shownAt.jsonValue());
  return {
    ms: round(shown - clickAt), serverMs: round(timing.responseEnd - timing.requestStart),
    beforeMs: round(fetchStart - clickAt), afterMs: round(shown - responseEnd), vins, total: body.data.total,
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** One figure for the report, as a JSON line on stdout. */
export function report(name: string, samples: Shown[]): void {
  console.log(JSON.stringify({ name, unit: 'ms', value: median(samples.map((s) => s.ms)) }));
  console.log(`  ${name} samples: ${samples.map((s) => `${s.ms} (before the call ${s.beforeMs}, list call ${s.serverMs}, rendering ${s.afterMs})`).join(', ')} ms`);
}
