import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INBOX_BOXES, noticeInboxReadAllRoute, noticeInboxReadRoute, noticeInboxRoute, type InboxBox,
} from '@wdiov/contracts/api/notice-inbox.route';
import { callRoute } from '../api/call-route';
import { useAppActors } from '../app/AppActorsProvider';
import { inboxQueryKey } from '../shared/query-keys';

export { INBOX_BOXES, type InboxBox };

/** New notifications show within this long while the console is open. */
const INBOX_REFRESH_MS = 60_000;

/**
 * The caller's notice popover boxes. Read quietly: a failed refresh shows in the popover, not as
 * a toast every minute.
 */
export function useNoticeInbox() {
  const { http } = useAppActors();
  return useQuery({
    queryKey: inboxQueryKey,
    queryFn: () => callRoute(http, noticeInboxRoute, {}, { quiet: true }),
    refetchInterval: INBOX_REFRESH_MS,
  });
}

/** Marking read (some items, or a whole box): the boxes load again after, with the server's counts. */
export function useMarkInboxRead() {
  const { http } = useAppActors();
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: inboxQueryKey });
  const some = useMutation({
    mutationFn: (input: { box: InboxBox; ids: string[] }) => callRoute(http, noticeInboxReadRoute, { body: input }),
    onSuccess: reload,
  });
  const all = useMutation({
    mutationFn: (box: InboxBox) => callRoute(http, noticeInboxReadAllRoute, { body: { box } }),
    onSuccess: reload,
  });
  return { some, all, pending: some.isPending || all.isPending };
}
