import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { alarmCardData } from '../live/socket-messages.ts';
import { defineRoute } from './define-route.ts';

const SINCE = { zh: '起始时间', en: 'since' };

/** The cards a console missed while its live link was down (read each time the link comes up). */
export const missedCardsRoute = defineRoute({
  method: 'get',
  service: 'wdiov-base',
  path: '/vehicleAlarmData/openedSince',
  summary: 'Alarm cards (alarms, faults, fence events) opened since a time, in the caller\'s tenant and data scope',
  query: z.object({
    since: z.coerce.number({ error: spoken('notInteger', SINCE) }).int({ error: spoken('notInteger', SINCE) })
      .min(0, { error: spoken('tooSmall', SINCE, 0) })
      .describe('Epoch milliseconds: cards of events that opened at or after this time'),
  }),
  data: z.array(alarmCardData),
});
