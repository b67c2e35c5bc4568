import { z } from 'zod';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { ApiError, badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith, queryObject } from '../../lib/read-input.ts';
import { deviceText } from '../../lib/texts/device-text.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { vinParam } from './inputs.ts';

/** The calls of the video panel (spec: POST with query parameters). */
export const VIDEO_CALLS = ['openRVC', 'closeRVC', 'startREC', 'stopREC'] as const;

/** A vehicle's camera: its VIN and channel (1 when not given). */
const channel = () => deviceText('videoChannel');
const VideoQuery = z.object({
  vin: vinParam,
  channel: z.coerce.number({ error: channel }).int({ error: channel }).min(1, { error: channel }).max(32, { error: channel }).default(1),
});

const RELAY_TIMEOUT_MS = 10_000;

/**
 * video/openRVC, closeRVC, startREC, stopREC. The product has no video service: with
 * VIDEO_SERVICE_URL set the checked call is relayed there (its envelope answered as it is);
 * without it the calls answer clearly that none is configured, bar closeRVC, which has nothing
 * to close and succeeds (the console resolves it silently anyway). Only a vehicle the caller
 * may see (its tenant's, within its data scope) is relayed: the service knows cameras by VIN alone.
 */
export function videoRoutes({ env, repos }: BespokeDeps) {
  const router = createRouter();
  for (const call of VIDEO_CALLS) {
    router.post(`/video/${call}`, async (c) => {
      const q = parseWith(VideoQuery, queryObject(c));
      if (!env.VIDEO_SERVICE_URL) {
        if (call === 'closeRVC') return success(c);
        throw badRequest(deviceText('noVideoService'));
      }
      if (!(await repos.get('vehicle').exists(c.get('principal'), 'vin', q.vin))) throw notFound(deviceText('videoNoVehicle', { vin: q.vin }));
      const url = new URL(`${env.VIDEO_SERVICE_URL.replace(/\/+$/, '')}/${call}`);
      url.search = new URLSearchParams({ vin: q.vin, channel: String(q.channel) }).toString();
      let answer: unknown;
      try {
        const res = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(RELAY_TIMEOUT_MS) });
        answer = await res.json();
      } catch {
        throw new ApiError(502, deviceText('videoSilent'), 502);
      }
      const body = answer as { code?: unknown; msg?: unknown; data?: unknown } | null;
      if (body && typeof body === 'object' && typeof body.code === 'number') {
        if (body.code !== 200) throw new ApiError(body.code >= 400 && body.code < 600 ? body.code : 500, String(body.msg ?? deviceText('videoFailed')));
        return data(c, body.data ?? {}, typeof body.msg === 'string' ? body.msg : undefined);
      }
      return data(c, answer ?? {});
    });
  }
  return router;
}
