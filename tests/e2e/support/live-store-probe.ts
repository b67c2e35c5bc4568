import type { Page } from '@playwright/test';

/**
 * Reads the live map's typed-array store through window.__liveStore (set by dev/test builds and
 * VITE_EXPOSE_LIVE_STORE=1 builds, see web/src/live-store/live-feed.ts). The shapes below are
 * the parts of LiveStore / LiveFeed these probes touch.
 */
interface LiveHook {
  store: { length: number; version: number; vins: string[]; slots: Map<string, number>; positions: Float64Array };
  feed: { stats: { lastMs: number }; push(batch: unknown[]): void };
  syntheticFleet(count: number): { next(): unknown[] };
}
type Win = Window & { __liveStore?: LiveHook };

export const isExposed = (page: Page) => page.evaluate(() => (window as Win).__liveStore !== undefined);

export const storeCount = (page: Page) => page.evaluate(() => (window as Win).__liveStore?.store.length ?? 0);

/** How many vehicles changed position over `ms`, and the store version before and after. */
export async function moved(page: Page, ms: number): Promise<{ vehicles: number; version: { before: number; after: number } }> {
  return page.evaluate(async (wait) => {
    const { store } = (window as Win).__liveStore!;
    const at = () => new Map(store.vins.slice(0, store.length).map((vin) => {
      const slot = store.slots.get(vin)!;
      return [vin, `${store.positions[slot * 2]},${store.positions[slot * 2 + 1]}`];
    }));
    const before = { version: store.version, where: at() };
    await new Promise((r) => setTimeout(r, wait));
    const after = at();
    const vehicles = [...after].filter(([vin, p]) => before.where.has(vin) && before.where.get(vin) !== p).length;
    return { vehicles, version: { before: before.version, after: store.version } };
  }, ms);
}

/** Renderer main-thread busy time (CDP Performance TaskDuration), in ms, across `work`. */
async function taskMs(page: Page, work: () => Promise<unknown>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  const before = await read();
  await work();
  const after = await read();
  await cdp.detach();
  return (after - before) * 1000;
}

/** Main-thread ms per second of an idle page. */
export async function mainThreadMs(page: Page, ms: number): Promise<number> {
  return (await taskMs(page, () => page.waitForTimeout(ms))) / (ms / 1000);
}

/**
 * Feeds `batches` batches of `count` synthetic vehicles, one a second, through the socket's
 * own path (feed.push: store write and listeners, timed by the feed), and the main-thread time
 * of the whole run per batch (that plus deck.gl's redraw and everything else on the thread).
 */
export async function liveStats(page: Page, count: number, batches: number) {
  let samples: number[] = [];
  const total = await taskMs(page, async () => {
    samples = await page.evaluate(async ({ count, batches }) => {
      const live = (window as Win).__liveStore!;
      const fleet = live.syntheticFleet(count);
      const out: number[] = [];
      for (let i = 0; i < batches; i++) {
        live.feed.push(fleet.next());
        out.push(Math.round(live.feed.stats.lastMs * 10) / 10);
        await new Promise((r) => setTimeout(r, 1000));
      }
      return out;
    }, { count, batches });
  });
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples,
    median: sorted[Math.floor((sorted.length - 1) / 2)]!,
    max: sorted.at(-1)!,
    mainThreadPerBatch: total / batches,
    length: await storeCount(page),
  };
}

type CardWin = Window & { __cards?: { seen: number; time: string }[] };

/** Notes the wall-clock time each alarm card is added to the page, with the alarm's own time. */
export async function watchCards(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as CardWin;
    w.__cards = [];
    const note = (card: Element) => {
      const row = [...card.querySelectorAll('dl > div')].find((d) => d.querySelector('dt')?.textContent === '时间');
      w.__cards!.push({ seen: Date.now(), time: row?.querySelector('dd')?.textContent ?? '' });
    };
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => [...r.addedNodes])) {
        if (!(node instanceof Element)) continue;
        if (node.matches('.wd-alarm-card')) note(node);
        node.querySelectorAll('.wd-alarm-card').forEach(note);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** Milliseconds from each card's alarm time (whole seconds, UTC+8) to its card showing. */
export async function cardLatencies(page: Page): Promise<number[]> {
  const cards = await page.evaluate(() => (window as CardWin).__cards ?? []);
  return cards.map((c) => c.seen - Date.parse(`${c.time.replace(' ', 'T')}+08:00`)).filter(Number.isFinite);
}
