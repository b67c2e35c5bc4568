import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useI18n } from '../i18n/i18n';
import type { FieldErrors } from './validation';

interface Props {
  /** Distinguishes the remark inputs of the tabs (label targets). */
  name: string;
  remark: string;
  onRemark: (remark: string) => void;
  busy: boolean;
  label: string;
  errors: FieldErrors;
}

/** The foot of each issue form: an optional remark and the submit button, disabled while a call is waiting. */
export function IssueBar({ name, remark, onRemark, busy, label, errors }: Props) {
  const { t } = useI18n();
  const id = `diag-remark-${name}`;
  return (
    <div className="wd-diag-issue-bar">
      <label htmlFor={id}>{t('diagRemark')}</label>
      <InputText id={id} value={remark} onChange={(e) => onRemark(e.target.value)} invalid={Boolean(errors.remark)} maxLength={300} />
      <Button type="submit" size="small" icon="pi pi-send" label={label} loading={busy} disabled={busy} />
      {errors.remark && <small className="wd-field-error" role="alert">{errors.remark}</small>}
      {errors.form && <small className="wd-field-error" role="alert">{errors.form}</small>}
    </div>
  );
}
