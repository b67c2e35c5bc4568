import { useQuery } from '@tanstack/react-query';
import { basemapRoute } from '@wdiov/contracts/api/basemap.route';
import type { BasemapConfig } from '@wdiov/contracts/geo/basemap-presets';
import { callRoute } from '../api/call-route';
import { useAppActors } from '../app/AppActorsProvider';
import { accessToken } from '../session/access-token';
import { setServedBasemap } from './map-settings';

export const BASEMAP_QUERY_KEY = ['param', 'map-basemap'] as const;

/**
 * The administrator's default basemap (platform parameters), read once per map page and kept
 * in the query cache; handed to map-settings, which the map and the live store read outside
 * React. `settled` once answered or failed: a failure leaves the user's own choice or the outline.
 * Without a session (the large screen opened by a share link) nothing is asked: the call needs
 * one, and a refusal would sign the viewer out.
 */
export function useBasemapConfig(): { settled: boolean } {
  const { http } = useAppActors();
  const signedIn = accessToken.get() !== '';
  const query = useQuery({
    queryKey: BASEMAP_QUERY_KEY,
    queryFn: async (): Promise<BasemapConfig> => {
      const config = await callRoute(http, basemapRoute, {}, { quiet: true });
      setServedBasemap(config);
      return config;
    },
    enabled: signedIn,
    retry: 0,
  });
  return { settled: !signedIn || !query.isPending };
}
