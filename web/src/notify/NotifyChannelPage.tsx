import { Button } from 'primereact/button';
import { useMutation } from '@tanstack/react-query';
import { notifyChannelTestRoute } from '@wdiov/contracts/api/notify-channel.route';
import { callRoute } from '../api/call-route';
import type { Row } from '../crud/crud-api';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { useI18n } from '../i18n/i18n';

/** Notification channels: the generic list and form, and per row a test send whose outcome the console shows. */
export function NotifyChannelScreen({ entity, buttons }: ScreenProps) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  // A test changes nothing stored, so there is nothing to invalidate.
  const test = useMutation({
    mutationFn: (id: string) => callRoute(http, notifyChannelTestRoute, { query: { id } }),
    onSuccess: (o) => (o.sent ? notifier.success(t('notifySent', { to: o.recipients.join(', ') })) : notifier.error(t('notifyNotSent', { error: o.error ?? '' }))),
  });
  const rowActions = (row: Row) => buttons.has('test') && (
    <Button size="small" text icon="pi pi-send" label={t('notifyTest')} data-action="test" loading={test.isPending && test.variables === String(row.id)}
      onClick={() => test.mutate(String(row.id))} />
  );
  return <CrudPage entity={entity} buttons={buttons} rowActions={rowActions} />;
}

export default function NotifyChannelPage() {
  return <CrudScreen entityName="notifyChannel" render={(props) => <NotifyChannelScreen {...props} />} />;
}
