import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { smsSendMessageRoute } from '@wdiov/contracts/api/sms.route';
import { callRoute } from '../../api/call-route';
import type { Row } from '../../crud/crud-api';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { useI18n } from '../../i18n/i18n';
import { invalidateEntity } from '../../shared/query-keys';
import { RowCallPage, seededRowCalls } from './RowCallScreen';

const ENABLE = seededRowCalls('sms', [{ button: 'enable', icon: 'pi pi-power-off' }]);
const SEND = seededRowCalls('sms', [{ button: 'send', icon: 'pi pi-send' }])[0]!;

/** Sends a templated message through one configuration (endpoint/send-message: code, phones, params as JSON). */
export function SmsSendDialog({ code, onClose }: { code: string; onClose(): void }) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const [phones, setPhones] = useState('');
  const [params, setParams] = useState('{}');
  const queries = useQueryClient();
  // A refusal is shown by the HTTP client; the dialog stays open to correct it.
  const send = useMutation({
    mutationFn: () => callRoute(http, smsSendMessageRoute, { query: { code, phones: phones.trim(), params: params.trim() } }),
    onSuccess: () => {
      notifier.success(t('smsSent'));
      // The gateway writes each message sent to the usual log.
      void invalidateEntity(queries, 'logUsual');
      onClose();
    },
  });
  return (
    <Dialog header={t('smsSendTitle', { code })} visible onHide={onClose} modal style={{ width: 'min(520px, 96vw)' }}
      footer={<>
        <Button size="small" text label={t('commonCancel')} onClick={onClose} />
        <Button size="small" icon={SEND.icon} label={SEND.name} loading={send.isPending} disabled={phones.trim() === ''} onClick={() => send.mutate()} data-action="send-confirm" />
      </>}>
      <div style={{ display: "grid", gap: "0.5rem" }}>
        <label htmlFor="sms-phones">{t('smsPhones')}</label>
        <InputText id="sms-phones" value={phones} onChange={(e) => setPhones(e.target.value)} placeholder="13800000000,13900000000" />
        <label htmlFor="sms-params">{t('smsParams')}</label>
        <InputTextarea id="sms-params" value={params} onChange={(e) => setParams(e.target.value)} rows={4} autoResize />
      </div>
    </Dialog>
  );
}

/** SMS configurations: the generic list, enabling one, and sending a test message through one, where granted. */
export function SmsScreen(props: ScreenProps) {
  const [sending, setSending] = useState<Row>();
  return (
    <>
      <RowCallPage {...props} calls={ENABLE} more={(row) => props.buttons.has(SEND.button) && (
        <Button link size="small" icon={SEND.icon} label={SEND.name} data-action={SEND.button} onClick={() => setSending(row)} />
      )} />
      {sending && <SmsSendDialog code={String(sending.smsCode ?? '')} onClose={() => setSending(undefined)} />}
    </>
  );
}

export default function SmsPage() {
  return <CrudScreen entityName="sms" render={(props) => <SmsScreen {...props} />} />;
}
