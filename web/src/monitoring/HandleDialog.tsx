import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useI18n } from '../i18n/i18n';

/** The gateway's bound on a handling remark. */
export const REMARK_MAX = 500;

interface Props {
  visible: boolean;
  title: string;
  /** What the dialog is about to do (e.g. how many records it handles). */
  message?: string;
  /** Records whose handling keeps a remark (alarms) ask for one, required; the others only confirm. */
  withRemark?: boolean;
  onCancel: () => void;
  onSubmit: (remark: string) => Promise<void>;
}

/** Asks for the handling remark (required where it is kept); stays open (and busy) until the call settles. */
export function HandleDialog({ visible, title, message, withRemark = true, onCancel, onSubmit }: Props) {
  const { t } = useI18n();
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const check = (text: string) => {
    if (!withRemark) return '';
    if (text.trim() === '') return t('monHandleRemarkRequired');
    if (text.trim().length > REMARK_MAX) return t('monHandleRemarkTooLong', { limit: REMARK_MAX });
    return '';
  };
  const submit = async () => {
    const found = check(remark);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await onSubmit(withRemark ? remark.trim() : '');
      setRemark('');
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    setProblem('');
    onCancel();
  };
  return (
    <Dialog
      header={title}
      visible={visible}
      onHide={cancel}
      style={{ width: 420 }}
      footer={
        <>
          <Button size="small" outlined label={t('commonCancel')} onClick={cancel} disabled={busy} />
          <Button size="small" label={t('commonSubmit')} onClick={() => void submit()} loading={busy} />
        </>
      }
    >
      {message && <p className="wd-mon-handle-message">{message}</p>}
      {withRemark && (
        <label className="wd-mon-field">
          <span>
            {t('monHandleRemark')} <span aria-hidden="true">*</span>
          </span>
          <InputTextarea
            rows={4}
            value={remark}
            required
            aria-invalid={problem !== '' || undefined}
            aria-describedby={problem ? 'handle-remark-problem' : undefined}
            onChange={(e) => {
              setRemark(e.target.value);
              if (problem) setProblem(check(e.target.value));
            }}
            autoResize
          />
          {problem && (
            <small id="handle-remark-problem" className="p-error" role="alert">
              {problem}
            </small>
          )}
        </label>
      )}
    </Dialog>
  );
}
