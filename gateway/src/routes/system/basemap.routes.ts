import { createRoute, z } from '@hono/zod-openapi';
import { BASEMAP_PARAMS, BASEMAP_PRESET_IDS, isBasemapPreset, tileOriginOf, type BasemapConfig } from '@wdiov/contracts/geo/basemap-presets';
import { createRouter } from '../../lib/create-app.ts';
import { answers } from '../../lib/contract.ts';
import { data } from '../../lib/envelope.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { paramValue } from './params.ts';

const basemap = createRoute({
  method: 'get',
  path: '/map/basemap',
  summary: 'The maps\' default basemap preset, the Tianditu key and the tile origin, from the platform parameters',
  responses: answers(z.object({
    preset: z.enum(BASEMAP_PRESET_IDS),
    tiandituKey: z.string(),
    tileOrigin: z.string(),
  })),
});

/**
 * What the maps read once per page: the administrator's default basemap (param map.basemap;
 * the bundled outline when unset or not a preset) and what its tiles need. Read on every call,
 * so a changed parameter shows on the next map page; a stored value that is not a preset or an
 * http(s) origin is ignored rather than sent to the browser.
 */
export async function readBasemapConfig(repos: BespokeDeps['repos']): Promise<BasemapConfig> {
  const [preset, tiandituKey, tileOrigin] = await Promise.all([
    paramValue(repos, BASEMAP_PARAMS.preset),
    paramValue(repos, BASEMAP_PARAMS.tiandituKey),
    paramValue(repos, BASEMAP_PARAMS.tileOrigin),
  ]);
  const id = preset?.trim();
  return {
    preset: isBasemapPreset(id) ? id : 'offline',
    tiandituKey: (tiandituKey ?? '').trim(),
    tileOrigin: tileOriginOf(tileOrigin),
  };
}

export function basemapRoutes({ repos, mapSources }: BespokeDeps) {
  return createRouter().openapi(basemap, async (c) => {
    const config = await readBasemapConfig(repos);
    // The page asking is about to load these tiles: its next document allows them.
    mapSources?.update(config.tileOrigin);
    return data(c, config);
  });
}
