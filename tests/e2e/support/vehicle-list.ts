import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
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
  vins: string[];
  total: number;
}

type Win = Window & { __clickAt?: number };

/**
 * Times one list action in the page itself: the click as the document sees it, then every
 * animation frame until the table lists exactly the VINs the answer carried (no loading mask).
 */
export async function timeToRows(page: Page, section: Locator, act: () => Promise<void>, call: (u: URL) => boolean): Promise<Shown> {
  await page.evaluate(() => {
    const w = window as Win;
    w.__clickAt = 0;
    document.addEventListener('click', () => (w.__clickAt ||= performance.now()), { capture: true, once: true });
  });
  const answered = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return r.request().method() === 'GET' && u.pathname === '/api/wdiov-base/vehicle/page' && call(u);
  });
  await act();
  const response = await answered;
  const timing = response.request().timing();
  const body = (await response.json()) as { data: { records: { vin: string }[]; total: number } };
  const vins = body.data.records.map((r) => r.vin);
  const label = await section.getAttribute('aria-label');
  const shownAt = await page.waitForFunction(
    ({ vins, label }) => {
      const root = document.querySelector(`section.wd-crud[aria-label="${label}"]`);
      const rows = [...(root?.querySelectorAll('tbody tr') ?? [])];
      const loading = root?.querySelector('.p-datatable-loading-overlay');
      const ok = !loading && rows.length === vins.length && vins.every((v, i) => rows[i]!.textContent?.includes(v));
      return ok ? performance.now() : 0;
    },
    { vins, label },
    { polling: 'raf', timeout: 30_000 },
  );
  const clickAt = await page.evaluate(() => (window as Win).__clickAt ?? 0);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { ms: round(Number(await shownAt.jsonValue()) - clickAt), serverMs: round(timing.responseEnd - timing.requestStart), vins, total: body.data.total };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** One figure for the report, as a JSON line on stdout. */
export function report(name: string, samples: Shown[]): void {
  console.log(JSON.stringify({ name, unit: 'ms', value: median(samples.map((s) => s.ms)) }));
  console.log(`  ${name} samples: ${samples.map((s) => `${s.ms} (list call ${s.serverMs})`).join(', ')} ms`);
}
