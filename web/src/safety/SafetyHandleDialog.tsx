import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { HANDLE_TEXT_MAX, HANDLE_USER_MAX, type HandleInput, type SafetyWarning } from './safety-api';
import { itemName } from './safety-items';

type Field = 'handleUser' | 'handleAction' | 'handleResult';
const LABELS: Record<Field, MessageKey> = { handleUser: 'safetyHandleUser', handleAction: 'safetyHandleAction', handleResult: 'safetyHandleResult' };
const LIMITS: Record<Field, number> = { handleUser: HANDLE_USER_MAX, handleAction: HANDLE_TEXT_MAX, handleResult: HANDLE_TEXT_MAX };
const EMPTY: Record<Field, string> = { handleUser: '', handleAction: '', handleResult: '' };

interface Props {
  warning: SafetyWarning | null;
  onCancel: () => void;
  /** Resolves when the record is written; a rejection (shown by the client) leaves the dialog open. */
  onSubmit: (input: HandleInput) => Promise<void>;
}

/**
 * The handling record of one warning: who (the caller when left empty), what was done and the
 * result, checked as the gateway checks them before anything is sent.
 */
export function SafetyHandleDialog({ warning, onCancel, onSubmit }: Props) {
  const { t, language } = useI18n();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValues(EMPTY);
    setProblems({});
  }, [warning?.id]);

  const check = (field: Field, value: string): string | undefined => {
    const label = t(LABELS[field]);
    if (field !== 'handleUser' && value.trim() === '') return t('safetyRequired', { label });
    if (value.trim().length > LIMITS[field]) return t('safetyTooLong', { label, limit: LIMITS[field] });
    return undefined;
  };
  const checkAll = () => Object.fromEntries((Object.keys(values) as Field[]).map((f) => [f, check(f, values[f])]).filter(([, p]) => p)) as Partial<Record<Field, string>>;
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: check(field, value) }));
  };
  const submit = async () => {
    if (!warning) return;
    const found = checkAll();
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const user = values.handleUser.trim();
      await onSubmit({ id: warning.id, handleAction: values.handleAction.trim(), handleResult: values.handleResult.trim(), ...(user ? { handleUser: user } : {}) });
    } catch {
      // The client has said what went wrong; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, multiline: boolean) => {
    const id = `safety-handle-${name}`;
    const problem = problems[name];
    const common = {
      id, value: values[name], 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? `${id}-problem` : undefined,
      'aria-required': name !== 'handleUser' ? true : undefined,
      onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    };
    return (
      <div className="wd-field">
        <label htmlFor={id}>{name !== 'handleUser' && <span className="wd-required">*</span>}{t(LABELS[name])}</label>
        {multiline ? <InputTextarea rows={3} autoResize {...common} /> : <InputText placeholder={t('safetyHandleUserHint')} {...common} />}
        {problem && <small id={`${id}-problem`} className="wd-field-error" role="alert">{problem}</small>}
      </div>
    );
  };

  const vehicle = warning ? warning.plateNumber || warning.vin : '';
  return (
    <Dialog
      header={warning ? t('safetyHandleTitle', { item: warning.item, name: itemName(warning.item, language, warning.itemName) }) : ''}
      visible={warning !== null}
      onHide={() => !busy && onCancel()}
      style={{ width: 480 }}
      footer={(
        <>
          <Button size="small" outlined label={t('safetyCancel')} onClick={onCancel} disabled={busy} />
          <Button size="small" label={t('safetySubmit')} onClick={() => void submit()} loading={busy} />
        </>
      )}
    >
      {warning && (
        <form className="wd-safety-handle" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <p>{t('safetyHandleOf', { vehicle, raised: warning.raisedTime, deadline: warning.deadline })}</p>
          {warning.detail && <p className="wd-safety-detail">{t('safetyDetail')}: {warning.detail}</p>}
          {field('handleUser', false)}
          {field('handleAction', true)}
          {field('handleResult', true)}
        </form>
      )}
    </Dialog>
  );
}
