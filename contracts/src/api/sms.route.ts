import { z } from 'zod';
import { spoken, wordedNow } from '../entity/validation-text.ts';
import { defineRoute } from './define-route.ts';
import { enableConfigRoute } from './enable-route.ts';

const RESOURCE = 'wdiov-resource';
const CN_MOBILE = /^1[3-9]\d{9}$/;
const MAX_PHONES = 1000;
const CODE_MAX = 32;
const VALUE_MAX = 500;

const CODE = { zh: '短信配置编号', en: 'the SMS configuration code' };
const PHONES = { zh: '手机号', en: 'the phone numbers' };

export const smsEnableRoute = enableConfigRoute('/sms/enable', 'Makes an SMS configuration the tenant\'s active one; the tenant\'s others are disabled');

const paramValue = z.union([z.string().max(VALUE_MAX), z.number(), z.boolean()], { error: spoken('templateParamValue', undefined, VALUE_MAX) });
const paramsObject = z.record(z.string().max(64), paramValue, { error: spoken('templateParams') });

/**
 * What a message takes. BladeX sends these as request parameters, `params` as JSON text; a JSON
 * body may carry `phones` as a list and `params` as the object itself.
 */
export const smsMessageParams = z.object({
  code: z.string({ error: spoken('required', CODE) }).trim().min(1, { error: spoken('required', CODE) })
    .max(CODE_MAX, { error: spoken('tooLong', { zh: CODE.zh, en: 'The SMS configuration code' }, CODE_MAX) })
    .describe('The code (smsCode) of the SMS configuration to send through'),
  phones: z.union([z.string(), z.array(z.string())], { error: spoken('required', PHONES) })
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((p) => p.trim()).filter(Boolean))])
    .refine((list) => list.length > 0, { error: spoken('required', PHONES) })
    .refine((list) => list.length <= MAX_PHONES, { error: spoken('tooManyPhones', undefined, MAX_PHONES) })
    .superRefine((list, ctx) => {
      const bad = list.find((p) => !CN_MOBILE.test(p));
      if (bad) ctx.addIssue({ code: 'custom', message: wordedNow('phoneFormat', undefined, undefined, bad.slice(0, 20)) });
    })
    .describe('Mainland mobile numbers, comma-separated (repeats are sent once)'),
  params: z.union([z.string(), z.record(z.string(), z.unknown())], { error: spoken('templateParamsNotObject') }).optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return {};
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: wordedNow('templateParamsNotJson') });
        return z.NEVER;
      }
    })
    .pipe(paramsObject)
    .describe('The template\'s parameters: a JSON object of texts, numbers or booleans'),
});

export const smsSendMessageRoute = defineRoute({
  method: 'post', service: RESOURCE, path: '/sms/endpoint/send-message',
  summary: 'Sends a templated message to phones through an SMS configuration of the tenant and logs it; '
    + 'the parameters may come in the query, a form or a JSON body (a body\'s key over the query\'s)',
  query: smsMessageParams,
  data: z.object({ code: z.string(), provider: z.string().describe('The provider that sent it (`log`: written to the gateway log)'), phones: z.array(z.string()) }),
});
