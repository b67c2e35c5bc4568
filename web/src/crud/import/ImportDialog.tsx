import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { useI18n } from '../../i18n/i18n';
import { useCrudServices } from '../CrudServices';
import { labelText } from '../field-defs';
import { entityListKey, importApi, uploadOf, type ImportPreview, type ImportUpload } from './import-api';

interface ImportDialogProps {
  entity: AnyEntity;
  onClose(): void;
  /** After rows were written: the list reloads. */
  onImported(count: number): void;
}

/** Rows of the error table per page. */
const ERROR_ROWS = 10;

/**
 * A list's spreadsheet import: pick a file, see every row's errors before anything is written,
 * then confirm one all-or-nothing write; the entity's cached lists are dropped after it.
 */
export function ImportDialog({ entity, onClose, onImported }: ImportDialogProps) {
  const { t } = useI18n();
  const { http, notifier } = useCrudServices();
  const queries = useQueryClient();
  const api = importApi(http, entity);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; upload: ImportUpload } | null>(null);
  const title = labelText(entity.title);

  const preview = useMutation<ImportPreview, Error, ImportUpload>({ mutationFn: api.preview });
  const commit = useMutation<{ imported: number }, Error, ImportUpload>({
    mutationFn: api.commit,
    onSuccess: async ({ imported }) => {
      await queries.invalidateQueries({ queryKey: entityListKey(entity) });
      notifier.success(t('crudImportDone', { count: imported }));
      onImported(imported);
    },
  });

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    preview.reset();
    commit.reset();
    // The same file may be picked again once fixed.
    if (input.current) input.current.value = '';
    try {
      const upload = await uploadOf(picked);
      setFile({ name: picked.name, upload });
      preview.mutate(upload);
    } catch (error) {
      setFile(null);
      notifier.error(error instanceof Error ? error.message : String(error));
    }
  };

  const checked = preview.data;
  const done = commit.data;
  const busy = preview.isPending || commit.isPending;
  const canCommit = Boolean(file && checked && checked.errorCount === 0 && checked.valid > 0 && !busy && !done);

  const footer = (
    <>
      <Button type="button" size="small" label={done ? t('crudImportClose') : t('commonCancel')} severity="secondary" outlined onClick={onClose} disabled={commit.isPending} />
      {!done && (
        <Button type="button" size="small" icon="pi pi-check" label={t('crudImportConfirm')} disabled={!canCommit} loading={commit.isPending}
          onClick={() => file && commit.mutate(file.upload)} />
      )}
    </>
  );

  return (
    <Dialog header={t('crudImportTitle', { title })} visible onHide={onClose} closable={!commit.isPending} style={{ width: 'min(720px, 95vw)' }} footer={footer}>
      <p className="wd-crud-import-hint">{t('crudImportHint')}</p>
      <input ref={input} type="file" accept=".xlsx,.csv" hidden aria-label={t('crudImportPick')}
        onChange={(e) => void pick(e.currentTarget.files?.[0])} />
      <Button type="button" size="small" icon="pi pi-upload" label={t('crudImportPick')} outlined disabled={busy} onClick={() => input.current?.click()} />
      {file && <span className="wd-crud-import-file"> {file.name}</span>}
      {busy && (
        <div role="status">
          <ProgressBar mode="indeterminate" style={{ height: 6, marginTop: 12 }} />
          <p>{preview.isPending ? t('crudImportChecking', { name: file?.name ?? '' }) : t('crudImportRunning', { valid: checked?.valid ?? 0 })}</p>
        </div>
      )}
      {preview.error && <p role="alert" className="wd-crud-import-error">{preview.error.message}</p>}
      {commit.error && <p role="alert" className="wd-crud-import-error">{commit.error.message}</p>}
      {checked && !busy && (
        <div className="wd-crud-import-result">
          <p role="status">
            {done ? t('crudImportDone', { count: done.imported }) : t('crudImportSummary', { total: checked.total, valid: checked.valid, errors: checked.errorCount })}
          </p>
          {checked.ignored.length > 0 && <p>{t('crudImportIgnored', { columns: checked.ignored.join(', ') })}</p>}
          {checked.errorCount > 0 && (
            <>
              <p>{t('crudImportFixFirst')}</p>
              <DataTable value={checked.errors} size="small" paginator={checked.errors.length > ERROR_ROWS} rows={ERROR_ROWS} aria-label={t('crudImportMessage')}>
                <Column field="row" header={t('crudImportRow')} style={{ width: 72 }} />
                <Column field="column" header={t('crudImportColumn')} style={{ width: 160 }} />
                <Column field="message" header={t('crudImportMessage')} />
              </DataTable>
              {checked.errorCount > checked.errors.length && <p>{t('crudImportErrorsMore', { shown: checked.errors.length })}</p>}
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
