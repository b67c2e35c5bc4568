import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useI18n } from '../i18n/i18n';

interface Props {
  visible: boolean;
  title: string;
  onCancel: () => void;
  onSubmit: (remark: string) => Promise<void>;
}

/** Asks for the handling remark; stays open (and busy) until the call settles. */
export function HandleDialog({ visible, title, onCancel, onSubmit }: Props) {
  const { t } = useI18n();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(remark.trim());
      setRemark('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      header={title}
      visible={visible}
      onHide={onCancel}
      style={{ width: 420 }}
      footer={
        <>
          <Button size="small" outlined label={t('commonCancel')} onClick={onCancel} disabled={busy} />
          <Button size="small" label={t('commonSubmit')} onClick={() => void submit()} loading={busy} />
        </>
      }
    >
      <label className="wd-mon-field">
        <span>{t('monHandleRemark')}</span>
        <InputTextarea rows={4} value={remark} onChange={(e) => setRemark(e.target.value)} autoResize />
      </label>
    </Dialog>
  );
}
