import { createRoute, z } from '@hono/zod-openapi';
import { idString } from '@wdiov/contracts';
import { createRouter } from '../lib/create-app.ts';
import { answers } from '../lib/contract.ts';
import { data } from '../lib/envelope.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { notifyText } from '../lib/texts/notify-text.ts';
import type { Repositories } from '../crud/repositories.ts';
import { renderMessage, type AlarmSummary } from './alarm-message.ts';
import { DeliveryError, sendThrough } from './channel-senders.ts';
import { recipientsOf, type ChannelStore } from './channel-store.ts';

const testChannel = createRoute({
  method: 'post',
  path: '/notifyChannel/test',
  tags: ['wdiov-base'],
  summary: 'Sends a test message through a notification channel (e-mail and SMS: to the caller) and answers the outcome',
  request: { query: z.object({ id: idString.describe('The channel id') }) },
  responses: answers(z.object({
    sent: z.boolean(), recipients: z.array(z.string()),
    error: z.string().optional().openapi({ description: 'What the provider or the link answered when the message did not go' }),
  })),
});

/** A sample alarm of the caller's tenant, marked as a test. */
const sampleAlarm = (): AlarmSummary => ({
  id: `test-${Date.now()}`, kind: 'alarm', vin: 'TEST0000000000000', vehicleId: '0', plate: '测试车辆 / TEST',
  name: { zh: '通知渠道测试', en: 'Notification channel test' }, level: 1, startTime: Date.now(), speedKmh: null, lng: null, lat: null,
});

export function notifyRoutes(repos: Repositories, channels: ChannelStore, render: { utcOffsetMin: number; consoleUrl?: string }) {
  return createRouter().openapi(testChannel, async (c) => {
    const principal = c.get('principal');
    const { id } = c.req.valid('query');
    let channel;
    try {
      channel = await channels.find(principal, id);
    } catch {
      throw badRequest(notifyText('secretUnreadable'));
    }
    if (!channel) throw notFound(notifyText('channelMissing', { id }));
    if (!channel.enabled) throw badRequest(notifyText('channelDisabled'));
    const me = await repos.get('user').findRow(principal, principal.userId);
    const recipients = recipientsOf(channel, me ? [{ email: me.email ? String(me.email) : undefined, phone: me.phone ? String(me.phone) : undefined }] : []);
    if (recipients.length === 0) throw badRequest(notifyText('noRecipient'));
    const alarm = sampleAlarm();
    const message = renderMessage(channel.language, [alarm], render);
    try {
      for (const recipient of recipients) await sendThrough(channel, { key: `${alarm.id}-${channel.id}`, recipient, message, alarms: [alarm] }, channels.senderDeps);
      return data(c, { sent: true, recipients });
    } catch (err) {
      return data(c, { sent: false, recipients, error: err instanceof DeliveryError ? err.message : 'the message could not be sent' });
    }
  });
}
