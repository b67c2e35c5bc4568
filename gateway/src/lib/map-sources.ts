import { tileOriginOf } from '@wdiov/contracts/geo/basemap-presets';

/**
 * The hosts the built-in basemap presets load tiles from (web/src/map/basemap-presets.ts): the
 * console's Content-Security-Policy lets the browser fetch from these and nowhere else outside
 * its own origin.
 */
export const PRESET_TILE_SOURCES = ['https://*.is.autonavi.com', 'https://*.tianditu.gov.cn', 'https://tile.openstreetmap.org'] as const;

/**
 * Where the maps may fetch tiles and styles from, for the CSP's connect-src and img-src: the
 * presets' hosts, the origin of MAP_STYLE_URL, and the administrator's tile origin (param
 * map.tileOrigin), which `update` takes whenever the parameter is read or written. Read
 * synchronously per response, so it is held here rather than asked of the database.
 */
export class MapSources {
  private tileOrigin = '';
  private reads = 0;

  constructor(private readonly styleUrl: string | undefined) {}

  update(tileOrigin: string): void {
    this.tileOrigin = tileOriginOf(tileOrigin);
  }

  /**
   * Takes the tile origin `read` answers. Each param write starts a read, and two writes in a
   * row (the preset, then the tile origin) may see their reads answer out of order: only the
   * latest read's answer is taken, so the CSP never keeps the older origin.
   */
  async refresh(read: () => Promise<string>): Promise<void> {
    const mine = ++this.reads;
    const origin = await read();
    if (mine === this.reads) this.update(origin);
  }

  list(): string[] {
    const sources: string[] = [...PRESET_TILE_SOURCES];
    for (const origin of [tileOriginOf(this.styleUrl), this.tileOrigin]) if (origin && !sources.includes(origin)) sources.push(origin);
    return sources;
  }
}
