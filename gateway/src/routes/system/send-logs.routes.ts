import { Msg } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { success } from '../../lib/envelope.ts';
import { parseWith, readJson } from '../../lib/read-input.ts';
import { storeWebLogs, WebLogs } from '../../logs/web-logs.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

/** The console uploads the runtime errors it stored locally; they become error logs (source web). */
export function sendLogsRoutes({ logs }: BespokeDeps) {
  const router = createRouter();
  router.post('/log-error/send-logs', async (c) => {
    const principal = c.get('principal');
    storeWebLogs(logs, principal, parseWith(WebLogs, await readJson(c)), c.req.header('user-agent') ?? '');
    return success(c, Msg.success);
  });
  return router;
}
