import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BASEMAP_PRESET_IDS, type BasemapConfig } from '@wdiov/contracts/geo/basemap-presets';
import { envelope } from '../api/wire';
import { useAppActors } from '../app/AppActorsProvider';
import { setServedBasemap } from './map-settings';

const basemapConfig = z.object({ preset: z.enum(BASEMAP_PRESET_IDS).catch('offline'), tiandituKey: z.string().catch(''), tileOrigin: z.string().catch('') });

export const BASEMAP_QUERY_KEY = ['param', 'map-basemap'] as const;

/**
 * The administrator's default basemap (platform parameters), read once per map page and kept
 * in the query cache; handed to map-settings, which the map and the live store read outside
 * React. `settled` once answered or failed: a failure leaves the user's own choice or the outline.
 */
export function useBasemapConfig(): { settled: boolean } {
  const { http } = useAppActors();
  const query = useQuery({
    queryKey: BASEMAP_QUERY_KEY,
    queryFn: async (): Promise<BasemapConfig> => {
      const config = envelope(basemapConfig).parse(await http.get('/wdiov-system/map/basemap')).data;
      setServedBasemap(config);
      return config;
    },
    retry: 0,
  });
  return { settled: !query.isPending };
}
