import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { useI18n } from '../i18n/i18n';
import type { ButtonSet } from './buttons';
import type { Row } from './crud-api';

interface RowActionsProps {
  row: Row;
  buttons: ButtonSet;
  onView(row: Row): void;
  onEdit(row: Row): void;
  onDelete(row: Row): void;
  extra?: ReactNode;
}

/** The operations column: view, edit, delete as the user's buttons allow, then the screen's own. */
export function RowActions({ row, buttons, onView, onEdit, onDelete, extra }: RowActionsProps) {
  const { t } = useI18n();
  return (
    <div className="wd-crud-row-actions">
      {buttons.view && <Button link size="small" icon="pi pi-eye" label={t('crudView')} onClick={() => onView(row)} />}
      {buttons.edit && <Button link size="small" icon="pi pi-pencil" label={t('crudEdit')} onClick={() => onEdit(row)} />}
      {buttons.delete && (
        <Button link size="small" icon="pi pi-trash" severity="danger" label={t('crudDelete')} onClick={() => onDelete(row)} />
      )}
      {extra}
    </div>
  );
}
