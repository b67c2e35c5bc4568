import { z } from 'zod';
import { BASEMAP_PRESET_IDS } from '../geo/basemap-presets.ts';
import { defineRoute } from './define-route.ts';

/** The maps' default basemap, read once per map page. */
export const basemapRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/map/basemap',
  summary: 'The maps\' default basemap preset, the Tianditu key and the tile origin, from the platform parameters',
  data: z.object({
    preset: z.enum(BASEMAP_PRESET_IDS),
    tiandituKey: z.string(),
    tileOrigin: z.string(),
  }),
});
