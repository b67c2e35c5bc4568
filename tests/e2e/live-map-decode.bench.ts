import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { launchGateway, type Gateway } from './support/gateway.ts';
import { buildExposedWeb } from './support/live-sim.ts';
import { isExposed, storeCount } from './support/live-store-probe.ts';
import { traceMainThread, type TraceSummary } from './support/main-thread-trace.ts';
import { feedState, listen, startPositionStream, stopListening } from './support/position-stream.ts';
import { requireChromium, signIn } from './support/session.ts';

requireChromium();

/**
 * Main-thread time per live-map update batch with a large fleet, through the console's real
 * position channel: a synthetic socket server (support/position-stream.ts) streams cmd-1300
 * text frames, the page decodes them (in its position worker, or on the main thread where
 * there is none), the store takes them and deck.gl draws. The figures come from a Chromium
 * trace of the page; nothing here is timed against a limit (TARGETS.md: ≤ 8 ms per batch at
 * 50,000 vehicles), the report is the point.
 *
 * LIVE_WEB_DIST=<dir> measures a build made elsewhere (e.g. an older revision, for a before/after).
 * LIVE_VIEWPORT=<w>x<h> shrinks the page: without a GPU, deck.gl's draw (software GL) takes most
 * of the main thread at 1280×800 and its contention blurs the figures of the live path.
 * LIVE_FRAMES_PER_SECOND=1,4 also runs the gateway's cadence (4 frames a second); by default
 * only the whole fleet in one frame a second, the worst case per batch.
 */
const SETTLE_MS = 5_000;
const WARM_UP_MS = 3_000;
const TRACE_MS = 10_000;

let gateway: Gateway;
let webDist: string;
const ownDist = !process.env.LIVE_WEB_DIST;
const [width, height] = (process.env.LIVE_VIEWPORT ?? '1280x800').split('x').map(Number);
const cadences = (process.env.LIVE_FRAMES_PER_SECOND ?? '1').split(',').map(Number);
test.use({ viewport: { width, height } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  webDist = process.env.LIVE_WEB_DIST ?? (await buildExposedWeb());
  gateway = await launchGateway({ env: { WEB_DIST: webDist } });
});
test.afterAll(async () => {
  await gateway?.dispose();
  if (ownDist && webDist) rmSync(webDist, { recursive: true, force: true });
});

const round = (v: number) => Math.round(v * 100) / 100;

for (const count of [10_000, 50_000]) {
  for (const framesPerSecond of cadences) {
    const label = `${count / 1000}k.${framesPerSecond}fps`;
    test(`${count} vehicles at 1 Hz, ${framesPerSecond} frame(s) a second: main-thread time per batch`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      await signIn(page, gateway.url);
      await page.goto(`${gateway.url}/monitoring/map`);
      await expect.poll(() => isExposed(page)).toBe(true);
      await page.waitForTimeout(SETTLE_MS);
      const idle = await traceMainThread(browser, page, () => page.waitForTimeout(3_000));

      const stream = await startPositionStream(count, framesPerSecond);
      try {
        await listen(page, stream.url);
        await expect.poll(() => storeCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
        await page.waitForTimeout(WARM_UP_MS);
        const before = await feedState(page);
        const trace = await traceMainThread(browser, page, () => page.waitForTimeout(TRACE_MS));
        const after = await feedState(page);
        await stopListening(page);

        const batches = after.version - before.version;
        expect(after.length).toBeGreaterThanOrEqual(count);
        expect(batches, 'store updates during the trace').toBeGreaterThan(0);
        report(label, trace, idle, batches, {
          applyMs: (after.stats.totalMs - before.stats.totalMs) / Math.max(1, after.stats.batches - before.stats.batches),
          applyMaxMs: after.stats.maxMs,
          positionsPerBatch: (after.stats.positions - before.stats.positions) / Math.max(1, after.stats.batches - before.stats.batches),
        });
        console.log(`  frames sent ${stream.sent}, skipped (browser behind) ${stream.skipped}`);
      } finally {
        await stream.stop();
      }
    });
  }
}

function report(label: string, t: TraceSummary, idle: TraceSummary, batches: number, feed: { applyMs: number; applyMaxMs: number; positionsPerBatch: number }) {
  const seconds = t.wallMs / 1000;
  const figure = (name: string, value: number, unit = 'ms') => console.log(JSON.stringify({ name: `browser.live-map.${label}.${name}`, unit, value: round(value) }));
  // The live path: each socket or worker message task (the browser turning the frame into a
  // string or a cloned object, and the handler: decode before, receive after), plus the
  // coalescing window's work (store write, layer rebuild), per store update.
  const live = t.main.ms.message + t.main.coalesce.ms;
  figure('live-path-per-batch', live / batches);
  figure('message-per-batch', t.main.ms.message / batches);
  figure('coalesce-per-batch', t.main.coalesce.ms / batches);
  figure('longest-message-task', t.main.maxMs.message);
  figure('longest-coalesce', t.main.coalesce.maxMs);
  // Not the live path, same thread: other timers (the panels' React renders, throttled to 1/s
  // by monitoring/use-store-tick.ts) and collections on their own.
  figure('other-timers-per-batch', (t.main.ms.timer - t.main.coalesce.ms) / batches);
  figure('gc-per-batch', t.main.ms.gc / batches);
  figure('animation-frames-per-batch', t.main.ms.frame / batches);
  figure('main-thread-per-second', t.main.totalMs / seconds);
  figure('idle-main-thread-per-second', idle.main.totalMs / (idle.wallMs / 1000));
  figure('worker-per-second', t.workerMs / seconds);
  figure('feed-apply-per-batch', feed.applyMs);
  figure('feed-apply-max', feed.applyMaxMs);
  figure('positions-per-batch', feed.positionsPerBatch, 'positions');
  figure('batches-per-second', batches / seconds, 'batches');
}
