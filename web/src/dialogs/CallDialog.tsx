import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useCrudServices } from '../crud/CrudServices';
import { useI18n } from '../i18n/i18n';
import type { Loaded } from './use-dialog-load';
import './dialogs.css';

interface CallDialogProps<T> {
  header: string;
  /** What the form needs first; the form shows once it is ready. */
  loaded?: Loaded<T>;
  onRetry?(): void;
  /** The form's own check: a message stops the save (shown under the form). */
  validate?(): string | undefined;
  /** The call; the dialog closes when it resolves, and shows the server's message when it fails. */
  onSave(): Promise<unknown>;
  onClose(): void;
  saveLabel?: string;
  saveIcon?: string;
  width?: string;
  children(data: T): ReactNode;
}

/**
 * The frame of a screen's own call: loading and load-failure states, the form, its validation
 * message, and a save that stays busy until the call answers and keeps the dialog open on failure.
 */
export function CallDialog<T = undefined>({ header, loaded = { state: 'ready', data: undefined as T }, onRetry, validate, onSave, onClose, saveLabel, saveIcon = 'pi pi-check', width = '520px', children }: CallDialogProps<T>) {
  const { t } = useI18n();
  const { notifier } = useCrudServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const save = () => {
    const invalid = validate?.();
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    onSave().then(() => {
      notifier.success(t('crudOperationDone'));
      onClose();
    }, (e: unknown) => {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    });
  };
  const footer = (
    <>
      <Button size="small" text label={t('commonCancel')} onClick={onClose} />
      <Button size="small" icon={saveIcon} label={saveLabel ?? t('commonSave')} loading={busy} disabled={loaded.state !== 'ready'} onClick={save} data-action="dialog-save" />
    </>
  );
  return (
    <Dialog header={header} visible modal onHide={onClose} footer={footer} style={{ width: `min(${width}, 96vw)` }}>
      {loaded.state === 'loading' && <p className="wd-dialog-state" aria-busy="true"><i className="pi pi-spin pi-spinner" /> {t('commonLoading')}</p>}
      {loaded.state === 'failed' && (
        <p className="wd-dialog-state wd-dialog-failed" role="alert">
          {t('dialogLoadFailed', { msg: loaded.message })}
          {onRetry && <Button size="small" link label={t('dialogRetry')} onClick={onRetry} />}
        </p>
      )}
      {loaded.state === 'ready' && <div className="wd-dialog-form">{children(loaded.data)}</div>}
      {error && <small className="wd-field-error wd-dialog-error" role="alert">{error}</small>}
    </Dialog>
  );
}
