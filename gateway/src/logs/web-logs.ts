import { z } from 'zod';
import { systemText } from '../lib/texts/system-text.ts';
import type { LogWriter } from './log-writer.ts';

const LOGS_MAX = 500;
const WebLog = z.object({
  type: z.string().max(64).default('error'),
  url: z.string().max(1000).default(''),
  message: z.string().max(4000).default(''),
  stack: z.string().max(20000).default(''),
  info: z.string().max(2000).default(''),
  time: z.string().max(32).default(''),
});

/** The runtime errors a console kept locally, as it uploads them (send-logs, or with its sign-out). */
export const WebLogs = z.array(WebLog).min(1, { error: () => systemText('logsEmpty') }).max(LOGS_MAX, { error: () => systemText('logsAtMost', { limit: LOGS_MAX }) });
export type WebLogEntry = z.infer<typeof WebLog>;

/** Each entry becomes an error log of its user (source web). */
export function storeWebLogs(writer: LogWriter, who: { tenantId: string; account: string }, entries: readonly WebLogEntry[], userAgent: string) {
  for (const e of entries) {
    writer.error({
      tenantId: who.tenantId, method: 'WEB', requestUri: e.url.slice(0, 255), exceptionName: e.type,
      message: e.message, stackTrace: e.stack, params: e.info, createBy: who.account, source: 'web',
      userAgent: userAgent.slice(0, 1000),
    });
  }
}
