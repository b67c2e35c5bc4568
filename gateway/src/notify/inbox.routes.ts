import { noticeInboxReadAllRoute, noticeInboxReadRoute, noticeInboxRoute } from '@wdiov/contracts/api/notice-inbox.route';
import { createRouter } from '../lib/create-app.ts';
import { routeOf } from '../lib/contract.ts';
import { data } from '../lib/envelope.ts';
import type { Inbox } from './inbox.ts';

/** The notice popover's calls (wdiov-desk): every signed-in user reads and marks their own boxes. */
export function inboxRoutes(inbox: Inbox) {
  const router = createRouter();
  router.openapi(routeOf(noticeInboxRoute), async (c) => data(c, await inbox.boxes(c.get('principal'))));
  router.openapi(routeOf(noticeInboxReadRoute), async (c) => {
    const { box, ids } = c.req.valid('json');
    return data(c, { box, unread: await inbox.markRead(c.get('principal'), box, ids) });
  });
  router.openapi(routeOf(noticeInboxReadAllRoute), async (c) => {
    const { box } = c.req.valid('json');
    return data(c, { box, unread: await inbox.markAllRead(c.get('principal'), box) });
  });
  return router;
}
