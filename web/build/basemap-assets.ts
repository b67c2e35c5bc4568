import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { boundaryLines, compactJson, isCountriesTopology, landFeatures, type LandTopology } from '../src/map/basemap-data';
import { BASEMAP_FILES } from '../src/map/basemap-files';

const require = createRequire(import.meta.url);
const atlas = (name: string): unknown => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}.json`), 'utf8'));

/** The offline basemap as GeoJSON files, converted from world-atlas once per build. */
function generate(): Map<string, string> {
  const countries = atlas('countries-50m');
  if (!isCountriesTopology(countries)) throw new Error('world-atlas countries-50m: not a countries topology');
  return new Map([
    [BASEMAP_FILES.landCoarse, compactJson(landFeatures(countries))],
    [BASEMAP_FILES.landFine, compactJson(landFeatures(atlas('land-10m') as LandTopology))],
    [BASEMAP_FILES.boundaries, compactJson(boundaryLines(countries))],
  ]);
}

/**
 * Emits basemap/*.json (and .gz beside each, which the gateway serves to browsers that accept
 * gzip) and serves the same files from the dev server. GeoJSON by URL is fetched and parsed by
 * MapLibre's own worker, so not even the 10m coast (7 MB) costs the main thread anything.
 */
export function basemapAssets(): Plugin {
  let files: Map<string, string> | undefined;
  const get = () => (files ??= generate());
  return {
    name: 'wdiov-basemap-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.match(/^\/basemap\/([\w.-]+\.json)$/)?.[1];
        const text = name ? get().get(name) : undefined;
        if (text === undefined) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(text);
      });
    },
    generateBundle() {
      for (const [name, text] of get()) {
        this.emitFile({ type: 'asset', fileName: `basemap/${name}`, source: text });
        this.emitFile({ type: 'asset', fileName: `basemap/${name}.gz`, source: gzipSync(text, { level: 9 }) });
      }
    },
  };
}
