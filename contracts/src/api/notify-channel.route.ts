import { z } from 'zod';
import { idString } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';

/** What a test send did: where it went and, when it did not go, what the provider or the link answered. */
export const notifyTestOutcome = z.object({
  sent: z.boolean(),
  recipients: z.array(z.string()),
  error: z.string().optional().describe('What the provider or the link answered when the message did not go'),
});
export type NotifyTestOutcome = z.infer<typeof notifyTestOutcome>;

/** A sample alarm sent through one channel, so its administrator sees the channel work before an alarm needs it. */
export const notifyChannelTestRoute = defineRoute({
  method: 'post',
  service: 'wdiov-base',
  path: '/notifyChannel/test',
  summary: 'Sends a test message through a notification channel (e-mail and SMS: to the caller) and answers the outcome',
  query: z.object({ id: idString.describe('The channel id') }),
  data: notifyTestOutcome,
});
