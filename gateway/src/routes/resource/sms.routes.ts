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

const CN_MOBILE = /^1[3-9]\d{9}$/;
const MAX_PHONES = 1000;

const paramValue = z.union([z.string().max(500), z.number(), z.boolean()], { error: '模板参数的值必须是不超过500字的文本、数字或布尔值' });
const paramsObject = z.record(z.string().max(64), paramValue, { error: '模板参数必须是JSON对象, 值为文本或数字' });

const sendInput = z.object({
  code: z.string({ error: '请输入短信配置编号' }).trim().min(1, { error: '请输入短信配置编号' }).max(32, { error: '短信配置编号不能超过32个字符' }),
  phones: z.union([z.string(), z.array(z.string())], { error: '请输入手机号' })
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((p) => p.trim()).filter(Boolean))])
    .refine((list) => list.length > 0, { error: '请输入手机号' })
    .refine((list) => list.length <= MAX_PHONES, { error: `一次最多发送 ${MAX_PHONES} 个手机号` })
    .superRefine((list, ctx) => {
      const bad = list.find((p) => !CN_MOBILE.test(p));
      if (bad) ctx.addIssue({ code: 'custom', message: `手机号格式不正确: ${bad.slice(0, 20)}` });
    }),
  // BladeX sends params as a JSON string; a JSON body may carry the object itself.
  params: z.union([z.string(), z.record(z.string(), z.unknown())], { error: '模板参数必须是JSON对象' }).optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return {};
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: '模板参数不是有效的JSON' });
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
    if (!(await enableConfig(sms(), c.get('principal'), id))) throw notFound(`短信配置不存在: ${id}`);
    return success(c);
  });

  router.post('/sms/endpoint/send-message', async (c) => {
    const principal = c.get('principal');
    const input = parseWith(sendInput, await requestParams(c));
    const repo = sms();
    const scope = await repo.scope(principal);
    const [config] = await repo.db.select().from(repo.table).where(and(scope, eq(repo.columns.smsCode!, input.code))).limit(1);
    if (!config) throw badRequest(`短信配置不存在: ${input.code} [code]`);
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
