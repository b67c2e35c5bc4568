import { z } from 'zod';
import { defineRoute } from './define-route.ts';
import { idParam } from './query-params.ts';

/** `POST <path>?id=`: makes a configuration (object storage, SMS …) the tenant's active one; its others are disabled. */
export const enableConfigRoute = (path: string, summary: string) => defineRoute({
  method: 'post', service: 'wdiov-resource', path, summary,
  query: z.object({ id: idParam({ zh: 'id', en: 'id' }) }),
  data: z.object({}),
});
