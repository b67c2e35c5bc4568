import { basemapRoute } from '@wdiov/contracts/api/basemap.route';
import { BASEMAP_PARAMS, isBasemapPreset, tileOriginOf, type BasemapConfig } from '@wdiov/contracts/geo/basemap-presets';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data } from '../../lib/envelope.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { paramValue } from './params.ts';

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
  return createRouter().openapi(routeOf(basemapRoute), async (c) => {
    const config = await readBasemapConfig(repos);
    // The page asking is about to load these tiles: its next document allows them.
    mapSources?.update(config.tileOrigin);
    return data(c, config);
  });
}
