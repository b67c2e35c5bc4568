import { z } from '@hono/zod-openapi';

/** The BladeX envelope around an answer's data: what every contract route answers with. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), success: z.boolean(), data, msg: z.string() });

/** A contract route's 200: the envelope around `data`, as JSON. */
export const answers = <T extends z.ZodType>(data: T, description = '操作成功') => ({
  200: { description, content: { 'application/json': { schema: envelopeOf(data) } } },
});

/** A contract route's JSON body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
