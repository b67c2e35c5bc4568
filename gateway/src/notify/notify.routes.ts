import { notifyChannelTestRoute } from '@wdiov/contracts/api/notify-channel.route';
import { NotifyStatus } from '@wdiov/contracts/entities/base/notify';
import type { Principal } from '../crud/principal.ts';
import { createRouter } from '../lib/create-app.ts';
import { routeOf } from '../lib/contract.ts';
import { data } from '../lib/envelope.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { notifyText } from '../lib/texts/notify-text.ts';
import type { Repositories } from '../crud/repositories.ts';
import { renderMessage, type AlarmSummary, type RenderedMessage } from './alarm-message.ts';
import { DeliveryError, sendThrough } from './channel-senders.ts';
import { recipientsOf, type ChannelStore, type StoredChannel } from './channel-store.ts';
import { deliveryRecord } from './delivery-queue.ts';

/** A sample alarm of the caller's tenant, marked as a test. */
const sampleAlarm = (): AlarmSummary => ({
  id: `test-${Date.now()}`, kind: 'alarm', vin: 'TEST0000000000000', vehicleId: '0', plate: '测试车辆 / TEST',
  name: { zh: '通知渠道测试', en: 'Notification channel test' }, level: 1, startTime: Date.now(), speedKmh: null, lng: null, lat: null,
});

/**
 * A test send is stored as a delivery of its channel, sent or failed, like an alarm's: the
 * console's delivery records show what the test did beside what the alarms did.
 */
async function recordTestSend(repos: Repositories, principal: Principal, channel: StoredChannel, alarm: AlarmSummary, recipient: string,
  message: RenderedMessage, error?: string) {
  const repo = repos.get('notifyRecord');
  const sent = error === undefined;
  const row = repo.filledRow(principal, deliveryRecord(
    { tenantId: principal.tenantId, alarmId: alarm.id, channelId: channel.id, channelType: channel.channelType, recipient, message, alarms: [alarm] },
    { sendStatus: sent ? NotifyStatus.sent : NotifyStatus.failed, attempts: 1, nextTime: null, sentTime: sent ? new Date() : null, lastError: error?.slice(0, 500) ?? null },
  ));
  await repo.db.insert(repo.table).values(row).onConflictDoNothing();
  repo.readsChanged();
}

export function notifyRoutes(repos: Repositories, channels: ChannelStore, render: { utcOffsetMin: number; consoleUrl?: string }) {
  return createRouter().openapi(routeOf(notifyChannelTestRoute), async (c) => {
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
    for (const recipient of recipients) {
      let error: string | undefined;
      try {
        await sendThrough(channel, { key: `${alarm.id}-${channel.id}`, recipient, message, alarms: [alarm] }, channels.senderDeps);
      } catch (err) {
        error = err instanceof DeliveryError ? err.message : 'the message could not be sent';
      }
      await recordTestSend(repos, principal, channel, alarm, recipient, message, error);
      if (error !== undefined) return data(c, { sent: false, recipients, error });
    }
    return data(c, { sent: true, recipients });
  });
}
