import { z } from 'zod';
import { Msg } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { success } from '../../lib/envelope.ts';
import { parseWith, readJson } from '../../lib/read-input.ts';
import { systemText } from '../../lib/texts/system-text.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

const LOGS_MAX = 500;
const WebLog = z.object({
  type: z.string().max(64).default('error'),
  url: z.string().max(1000).default(''),
  message: z.string().max(4000).default(''),
  stack: z.string().max(20000).default(''),
  info: z.string().max(2000).default(''),
  time: z.string().max(32).default(''),
});
const WebLogs = z.array(WebLog).min(1, { error: () => systemText('logsEmpty') }).max(LOGS_MAX, { error: () => systemText('logsAtMost', { limit: LOGS_MAX }) });

/** The console uploads the runtime errors it stored locally; they become error logs (source web). */
export function sendLogsRoutes({ logs }: BespokeDeps) {
  const router = createRouter();
  router.post('/log-error/send-logs', async (c) => {
    const principal = c.get('principal');
    const entries = parseWith(WebLogs, await readJson(c));
    for (const e of entries) {
      logs.error({
        tenantId: principal.tenantId, method: 'WEB', requestUri: e.url.slice(0, 255), exceptionName: e.type,
        message: e.message, stackTrace: e.stack, params: e.info, createBy: principal.account, source: 'web',
        userAgent: (c.req.header('user-agent') ?? '').slice(0, 1000),
      });
    }
    return success(c, Msg.success);
  });
  return router;
}
