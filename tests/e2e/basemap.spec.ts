import { expect, test, type Page } from '@playwright/test';
import { ApiRows } from './support/api-rows.ts';
import { useLiveGateway } from './support/live-gateway.ts';
import { picture } from './support/pictures.ts';
import { requireChromium, signInByApi } from './support/session.ts';
import { keepOffline, startTileServer } from './support/tile-server.ts';

requireChromium();

/**
 * The maps' basemap presets without internet: a local tile server stands in for AMap, Tianditu
 * and OpenStreetMap (the platform parameter map.tileOrigin points the presets' URLs at it), every
 * other request is aborted, and a vehicle at a known WGS-84 point is drawn where each preset's
 * datum puts it. The expected GCJ-02 point is the published reference pair, not the console's
 * converter, so a broken converter fails here.
 */
const W: [number, number] = [116.377817, 39.911954];
const G: [number, number] = [116.38404722455657, 39.91334545536069];
const VIN = 'LBASEMAP000000001';
const ZOOM = 14;
/** The 256-pixel tile (z15 at map zoom 14) that holds G: x=26977, y=12415. */
const tileOf = ([lng, lat]: [number, number], z: number) => {
  const n = 2 ** z;
  const s = Math.sin((lat * Math.PI) / 180);
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n), z };
};

const live = useLiveGateway();

/** The parts of the page's map (web/src/map/expose-map.ts) and live store (live-feed.ts) the spec touches. */
interface Hooks {
  __wdMap?: {
    map: { loaded(): boolean; once(type: 'idle', f: () => void): void; jumpTo(o: { center: [number, number]; zoom: number }): void; project(p: [number, number]): { x: number; y: number } };
    overlay: { pickObject(o: { x: number; y: number; radius: number }): { index: number; layer?: { id: string } } | null };
  };
  __liveStore?: { store: { apply(batch: unknown[]): void; slotOf(vin: string): number | undefined; vins: string[]; positions: Float64Array } };
}
type Win = Window & Hooks;

interface Drawn {
  /** Screen points of the WGS-84 and GCJ-02 positions. */
  pW: { x: number; y: number };
  pG: { x: number; y: number };
  /** What deck.gl picks at each: the vehicles layer, or nothing. */
  atW: string | null;
  atG: string | null;
  /** The position the vehicles layer reads from the store. */
  drawn: [number, number];
}

/** Puts the test vehicle at W, centres the map on `centre` at ZOOM, waits for the map to settle and reads where it is drawn. */
async function placeVehicle(page: Page, centre: [number, number]): Promise<Drawn> {
  await page.waitForFunction(() => (window as Win).__wdMap?.map.loaded() && (window as Win).__liveStore, undefined, { timeout: 30_000 });
  return page.evaluate(async ({ W, G, VIN, centre, ZOOM }) => {
    const { map, overlay } = (window as Win).__wdMap!;
    const { store } = (window as Win).__liveStore!;
    store.apply([{ vin: VIN, lng: W[0], lat: W[1], speed: 0, heading: 0, soc: 80, state: 1, alarmLevel: 0, ts: Date.now() }]);
    await new Promise<void>((resolve) => {
      map.once('idle', () => resolve());
      map.jumpTo({ center: centre, zoom: ZOOM });
      setTimeout(resolve, 10_000);
    });
    // One more frame: deck.gl draws its layers in the map's render after the batch.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const pick = (p: { x: number; y: number }) => {
      const info = overlay.pickObject({ x: p.x, y: p.y, radius: 3 });
      return info && info.layer?.id === 'live-vehicles' && store.vins[info.index] === VIN ? 'vehicle' : null;
    };
    const pW = map.project(W);
    const pG = map.project(G);
    const slot = store.slotOf(VIN)!;
    return { pW: { x: pW.x, y: pW.y }, pG: { x: pG.x, y: pG.y }, atW: pick(pW), atG: pick(pG), drawn: [store.positions[slot * 2], store.positions[slot * 2 + 1]] as [number, number] };
  }, { W, G, VIN, centre, ZOOM });
}

/** Chooses a preset in the map's basemap setting and saves it (the map is rebuilt). */
async function choosePreset(page: Page, label: string, { open = '底图设置', save = '保存' } = {}) {
  await page.getByRole('button', { name: open }).click();
  await page.locator('.wd-map-style-presets').click();
  await page.locator('.p-dropdown-panel li.p-dropdown-item').filter({ hasText: new RegExp(`^${label}$`) }).click();
  await expect(page.locator('.wd-map-style-presets')).toContainText(label);
  await page.getByRole('button', { name: save, exact: true }).click();
}

test.describe('basemap presets on a local tile server', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let api: ApiRows;
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  let escaped: string[] = [];

  const setParam = async (paramKey: string, paramValue: string) => {
    const { records } = await api.get<{ records: { id: string }[] }>('/api/wdiov-system/param/list', { paramKey });
    await api.post('/api/wdiov-system/param/submit', { ...(records[0] ? { id: records[0].id } : {}), paramName: paramKey, paramKey, paramValue });
  };

  test.beforeAll(async ({ browser }) => {
    tiles = await startTileServer();
    page = await browser.newPage({ baseURL: live.gateway.url, locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    // Nothing leaves the machine: the console's gateway and the tile server, everything else aborted.
    escaped = await keepOffline(page, [live.gateway.url, tiles.origin]);
    await signInByApi(page, live.gateway.url);
    api = await ApiRows.of(page, live.gateway.url);
    await setParam('map.basemap', 'amap-road');
    await setParam('map.tileOrigin', tiles.origin);
    await setParam('map.tiandituKey', 'e2e-key');
    // What the maps will read, and the tile origin the console's CSP now allows.
    expect(await api.get('/api/wdiov-system/map/basemap')).toEqual({ preset: 'amap-road', tiandituKey: 'e2e-key', tileOrigin: tiles.origin });
  });
  test.afterAll(async () => {
    await page?.close();
    await tiles?.close();
  });

  test("the administrator's AMap road preset draws a WGS-84 vehicle at its GCJ-02 place and asks for the tiles there", async () => {
    test.setTimeout(120_000);
    await page.goto('/monitoring/map');
    const r = await placeVehicle(page, G);
    expect(r.drawn[0]).toBeCloseTo(G[0], 6);
    expect(r.drawn[1]).toBeCloseTo(G[1], 6);
    expect(r.atG).toBe('vehicle');
    expect(r.atW).toBeNull();
    // ≈151 px at z14 (145 px east, 42 px north) between the two datums' places.
    expect(Math.hypot(r.pG.x - r.pW.x, r.pG.y - r.pW.y)).toBeGreaterThan(140);
    const { x, y, z } = tileOf(G, ZOOM + 1);
    expect(tiles.requests).toContainEqual(`/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x=${x}&y=${y}&z=${z}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await picture(page, 'basemap-amap-road');
    expect(escaped).toEqual([]);
  });

  for (const { label, name, datum, shape } of [
    { label: '高德地图 · 卫星', name: 'amap-satellite', datum: 'gcj02', shape: (t: ReturnType<typeof tileOf>) => `/appmaptile?style=6&x=${t.x}&y=${t.y}&z=${t.z}` },
    { label: '天地图 · 矢量', name: 'tianditu-vec', datum: 'wgs84', shape: (t: ReturnType<typeof tileOf>) => `/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=vec&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX=${t.z}&TILEROW=${t.y}&TILECOL=${t.x}&tk=e2e-key` },
    { label: '天地图 · 影像', name: 'tianditu-img', datum: 'wgs84', shape: (t: ReturnType<typeof tileOf>) => `/cia_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cia&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX=${t.z}&TILEROW=${t.y}&TILECOL=${t.x}&tk=e2e-key` },
    { label: 'OpenStreetMap', name: 'osm', datum: 'wgs84', shape: (t: ReturnType<typeof tileOf>) => `/${t.z}/${t.x}/${t.y}.png` },
  ] as const) {
    test(`the user's ${name} preset asks for its own tiles and draws the vehicle in ${datum}`, async () => {
      test.setTimeout(120_000);
      await choosePreset(page, label);
      const at = datum === 'gcj02' ? G : W;
      const r = await placeVehicle(page, at);
      expect(r.drawn[0]).toBeCloseTo(at[0], 6);
      expect(r.drawn[1]).toBeCloseTo(at[1], 6);
      expect(datum === 'gcj02' ? r.atG : r.atW).toBe('vehicle');
      expect(datum === 'gcj02' ? r.atW : r.atG).toBeNull();
      expect(tiles.requests).toContainEqual(shape(tileOf(at, ZOOM + 1)));
      // Satellite imagery comes with its road and label overlay.
      if (name === 'amap-satellite') expect(tiles.requests).toContainEqual(expect.stringMatching(/^\/appmaptile\?style=8&x=\d+&y=\d+&z=15$/));
      await expect(page.getByRole('alert')).toHaveCount(0);
      await picture(page, `basemap-${name}`);
      expect(escaped).toEqual([]);
    });
  }

  test('with the tile server unreachable the map falls back to the outline, says so, and draws the vehicle in WGS-84', async () => {
    test.setTimeout(120_000);
    await choosePreset(page, '默认（管理员设置）');
    tiles.setMode('drop');
    const asked = tiles.requests.length;
    const opened = Date.now();
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('底图无法加载（网络或图源不可用），已切换到内置轮廓图', { timeout: 20_000 });
    test.info().annotations.push({ type: 'fallback after dropped tiles (ms)', description: String(Date.now() - opened) });
    expect(tiles.requests.length).toBeGreaterThan(asked);
    const r = await placeVehicle(page, W);
    expect(r.drawn[0]).toBeCloseTo(W[0], 6);
    expect(r.drawn[1]).toBeCloseTo(W[1], 6);
    expect(r.atW).toBe('vehicle');
    await picture(page, 'basemap-fallback-zh');
    // The fence editor and track playback say so the same way.
    for (const [path, name] of [['/base/electronicFence/draw', 'fence-editor'], ['/trajectory/index', 'playback']]) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('已切换到内置轮廓图', { timeout: 20_000 });
      await expect(page.locator('.wd-map-loading')).toHaveCount(0, { timeout: 20_000 });
      await picture(page, `basemap-fallback-${name}`);
    }
  });

  test('tiles answering 404 (no error event in MapLibre) fall back by the watchdog, with the notice in English', async () => {
    test.setTimeout(120_000);
    tiles.setMode('http404');
    await page.evaluate(() => localStorage.setItem('wdiov-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.goto('/monitoring/map');
    await expect(page.getByRole('alert')).toContainText('The basemap could not load', { timeout: 30_000 });
    await expect(page.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible();
    const r = await placeVehicle(page, W);
    expect(r.atW).toBe('vehicle');
    await picture(page, 'basemap-fallback-en');
    // Back online, Retry brings the preset back.
    tiles.setMode('ok');
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const back = await placeVehicle(page, G);
    expect(back.atG).toBe('vehicle');
    await page.evaluate(() => localStorage.removeItem('wdiov-language'));
    expect(escaped).toEqual([]);
  });
});
