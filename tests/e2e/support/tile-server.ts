import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** ok: a PNG for any tile; drop: the connection is cut (fetch fails); http404/http500: that status. */
export type TileMode = 'ok' | 'drop' | 'http404' | 'http500';

type Rgb = [number, number, number];

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};

/**
 * A 256-pixel RGBA tile that reads as a street map: a ground colour (null: transparent, an
 * overlay of roads and labels), a grid of two "roads" and a hairline at the tile's edge (so the
 * tiling shows on a screenshot). Node's zlib only.
 */
export function streetTile(ground: Rgb | null, road: Rgb): Buffer {
  const size = 256;
  const raw = Buffer.alloc((1 + size * 4) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 4);
    for (let x = 0; x < size; x++) {
      const onRoad = Math.abs(x - 96) < 5 || Math.abs(y - 160) < 4 || Math.abs(x - y) < 2;
      const edge = x === 0 || y === 0;
      const rgba = edge ? [150, 150, 150, 255] : onRoad ? [...road, 255] : ground ? [...ground, 255] : [0, 0, 0, 0];
      raw.set(rgba, row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** One look per provider's URL shape, so a screenshot tells which preset drew it. */
const TILES = {
  amapRoad: streetTile([246, 243, 235], [255, 210, 120]),
  amapSatellite: streetTile([62, 94, 60], [84, 110, 76]),
  amapSatelliteLabels: streetTile(null, [250, 240, 200]),
  tianditu: streetTile([232, 240, 248], [250, 250, 250]),
  osm: streetTile([242, 239, 233], [248, 178, 156]),
};

function tileFor(url: URL): Buffer | undefined {
  if (url.pathname === '/appmaptile') {
    // The road map (webrd) names its label language; the satellite overlay (webst style 8) does not.
    if (url.searchParams.get('style') === '6') return TILES.amapSatellite;
    return url.searchParams.has('lang') ? TILES.amapRoad : TILES.amapSatelliteLabels;
  }
  if (/^\/\w+_w\/wmts$/.test(url.pathname)) return TILES.tianditu;
  if (/^\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) return TILES.osm;
  return undefined;
}

/**
 * A local tile server in the shapes of the presets' URLs (AMap's appmaptile query, Tianditu's
 * WMTS KVP, OSM's z/x/y path), with CORS as MapLibre needs; records every tile URL asked for.
 */
export async function startTileServer() {
  const requests: string[] = [];
  let mode: TileMode = 'ok';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const tile = tileFor(url);
    if (!tile) {
      res.writeHead(404).end();
      return;
    }
    requests.push(url.pathname + url.search);
    if (mode === 'drop') {
      req.socket.destroy();
      return;
    }
    if (mode !== 'ok') {
      res.writeHead(mode === 'http404' ? 404 : 500, { 'Access-Control-Allow-Origin': '*' }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
    res.end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next: TileMode) => {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * Keeps a page's context off the internet: requests to the given origins (the console's gateway,
 * the tile server), data: and blob: go through, every other one is aborted and its URL added to
 * the list answered, for the spec to assert empty.
 */
export async function keepOffline(page: Page, origins: readonly string[]): Promise<string[]> {
  const escaped: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (origins.some((o) => url.startsWith(o)) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    escaped.push(url);
    return route.abort('internetdisconnected');
  });
  return escaped;
}
