import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { smsEnableRoute, smsSendMessageRoute } from '@wdiov/contracts/api/sms.route';
import { createRouter } from '../../lib/create-app.ts';
import { openapiRequestParams, routeOf } from '../../lib/contract.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { enableConfig } from './config-switch.ts';
import { resourceText } from '../../lib/texts/resource-text.ts';

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
  const sms = () => repos.get('sms');
  const router = createRouter().openapi(routeOf(smsEnableRoute), async (c) => {
    const { id } = c.req.valid('query');
    if (!(await enableConfig(sms(), c.get('principal'), id))) throw notFound(resourceText('smsMissing', { id }));
    return success(c);
  });

  return openapiRequestParams(router, smsSendMessageRoute, async (c, input) => {
    const principal = c.get('principal');
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
}
