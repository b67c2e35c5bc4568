import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { enableConfig } from './config-switch.ts';
import { queryId, requestParams } from './inputs.ts';
import { resourceText } from '../../lib/texts/resource-text.ts';

const CN_MOBILE = /^1[3-9]\d{9}$/;
const MAX_PHONES = 1000;

const paramValue = z.union([z.string().max(500), z.number(), z.boolean()], { error: () => resourceText('smsParamValue') });
const paramsObject = z.record(z.string().max(64), paramValue, { error: () => resourceText('smsParamsObject') });

const sendInput = z.object({
  code: z.string({ error: () => resourceText('smsCode') }).trim().min(1, { error: () => resourceText('smsCode') }).max(32, { error: () => resourceText('smsCodeTooLong', { limit: 32 }) }),
  phones: z.union([z.string(), z.array(z.string())], { error: () => resourceText('phones') })
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((p) => p.trim()).filter(Boolean))])
    .refine((list) => list.length > 0, { error: () => resourceText('phones') })
    .refine((list) => list.length <= MAX_PHONES, { error: () => resourceText('tooManyPhones', { limit: MAX_PHONES }) })
    .superRefine((list, ctx) => {
      const bad = list.find((p) => !CN_MOBILE.test(p));
      if (bad) ctx.addIssue({ code: 'custom', message: resourceText('phoneFormat', { phone: bad.slice(0, 20) }) });
    }),
  // BladeX sends params as a JSON string; a JSON body may carry the object itself.
  params: z.union([z.string(), z.record(z.string(), z.unknown())], { error: () => resourceText('smsParamsNotObject') }).optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return {};
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: resourceText('smsParamsNotJson') });
        return z.NEVER;
      }
    })
    .pipe(paramsObject),
});

export interface SmsMessage {
  config: Record<string, unknown>;
  phones: string[];
  params: Record<string, string | number | boolean>;
}

/** One way of delivering a message; `name` is answered so the caller sees which one ran. */
export interface SmsProvider {
  name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The default provider: writes the message to the gateway log (the `sms` dictionary's 5 = 日志). */
export const logProvider = (logger: Logger): SmsProvider => ({
  name: 'log',
  async send({ config, phones, params }) {
    logger.info({ smsCode: config.smsCode, templateId: config.templateId, signName: config.signName, phones, params }, 'sms message');
  },
});

/**
 * The provider of a configuration's category. Only the logging one exists: the vendor SDKs are not
 * installed and this network has no way out. A vendor provider plugs in here by category.
 */
export function providerFor(config: Record<string, unknown>, logger: Logger): SmsProvider {
  const providers: Record<number, SmsProvider> = { 5: logProvider(logger) };
  const provider = providers[Number(config.category)];
  if (provider) return provider;
  logger.warn({ smsCode: config.smsCode, category: config.category }, 'sms provider not available; message logged only');
  return logProvider(logger);
}

/** sms: enable a configuration, send a templated message to phones. */
export function smsRoutes({ repos, logs }: BespokeDeps) {
  const router = createRouter();
  const sms = () => repos.get('sms');

  router.post('/sms/enable', async (c) => {
    const id = queryId(c, 'id');
    if (!(await enableConfig(sms(), c.get('principal'), id))) throw notFound(resourceText('smsMissing', { id }));
    return success(c);
  });

  router.post('/sms/endpoint/send-message', async (c) => {
    const principal = c.get('principal');
    const input = parseWith(sendInput, await requestParams(c));
    const repo = sms();
    const scope = await repo.scope(principal);
    const [config] = await repo.db.select().from(repo.table).where(and(scope, eq(repo.columns.smsCode!, input.code))).limit(1);
    if (!config) throw badRequest(`${resourceText('smsMissing', { id: input.code })} [code]`);
    const provider = providerFor(config, c.get('logger'));
    await provider.send({ config, phones: input.phones, params: input.params });
    // A usual log row, as sign-in and sign-out write: who sent what to whom (the console's log screen shows it).
    logs.usual({
      tenantId: principal.tenantId, logId: 'sms', createBy: principal.account, method: 'POST', requestUri: c.req.path,
      logData: JSON.stringify({ code: input.code, provider: provider.name, phones: input.phones, params: input.params }).slice(0, 5000),
    });
    return data(c, { code: input.code, provider: provider.name, phones: input.phones });
  });

  return router;
}
