import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { idString } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';

/**
 * The boxes of the shell's notice popover: `mail` the alarm notifications e-mailed to the user,
 * `message` those sent to the user's phone, `notice` the desk notices of the user's tenant.
 */
export const INBOX_BOXES = ['mail', 'message', 'notice'] as const;
export type InboxBox = (typeof INBOX_BOXES)[number];

/** The newest items a box answers with (its unread count covers them all). */
export const INBOX_ITEMS_MAX = 20;
/** At most this many items marked read by one call. */
export const INBOX_MARK_MAX = 200;

const BOX = { zh: '消息类别', en: 'The box' };
const IDS = { zh: '消息ID', en: 'The item ids' };

const box = z.enum(INBOX_BOXES, { error: spoken('oneOf', BOX, undefined, INBOX_BOXES.join(', ')) });

export const inboxItem = z.object({
  id: z.string(),
  title: z.string(),
  /** The plate of a notification's vehicle, a notice's category label: shown under the title. */
  detail: z.string(),
  /** `yyyy-MM-dd HH:mm:ss`: when it was sent or released. */
  time: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItem>;

const inboxBox = z.object({ unread: z.number().int().nonnegative(), items: z.array(inboxItem) });

/** The popover's three boxes with their unread counts and newest items, for the caller. */
export const noticeInboxRoute = defineRoute({
  method: 'get',
  service: 'wdiov-desk',
  path: '/notice/inbox',
  summary: 'The caller\'s alarm notifications (e-mail, phone) and the tenant\'s released notices, newest first, with unread counts',
  data: z.object({ mail: inboxBox, message: inboxBox, notice: inboxBox }),
});

/** Some items of one box marked read by the caller. */
export const noticeInboxReadRoute = defineRoute({
  method: 'post',
  service: 'wdiov-desk',
  path: '/notice/inbox/read',
  summary: 'Marks items of one box of the notice popover read, for the caller only',
  body: z.object({
    box,
    ids: z.array(idString, { error: spoken('notIdList', IDS) })
      .min(1, { error: spoken('chooseRows') })
      .max(INBOX_MARK_MAX, { error: spoken('tooManyRows', undefined, INBOX_MARK_MAX) }),
  }),
  data: z.object({ box, unread: z.number().int().nonnegative() }),
});

/** Everything one box holds now marked read by the caller. */
export const noticeInboxReadAllRoute = defineRoute({
  method: 'post',
  service: 'wdiov-desk',
  path: '/notice/inbox/read-all',
  summary: 'Marks every item one box of the notice popover holds now read, for the caller only',
  body: z.object({ box }),
  data: z.object({ box, unread: z.number().int().nonnegative() }),
});
