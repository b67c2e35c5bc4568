import { useRef, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { MultiSelect } from 'primereact/multiselect';
import { useI18n } from '../i18n/i18n';
import type { ExportFormat } from './use-export';

interface CrudToolbarProps {
  canAdd: boolean;
  canDelete: boolean;
  onAdd(): void;
  onBatchDelete(): void;
  onExport(format: ExportFormat): void;
  /** Opens the spreadsheet import (shown with the add button). */
  onImport?(): void;
  onRefresh(): void;
  /** Column chooser: every column and the ones shown. */
  columns: { value: string; label: string }[];
  shown: string[];
  onShownChange(shown: string[]): void;
  /** The screen's own actions (grant, reset password …). */
  children?: ReactNode;
}

/** Add, batch delete, import, export, refresh and the column chooser (UI.md, Lists and forms). */
export function CrudToolbar(props: CrudToolbarProps) {
  const { t } = useI18n();
  const exportMenu = useRef<Menu>(null);
  const formats = [
    { label: t('crudExportXlsx'), icon: 'pi pi-file-excel', command: () => props.onExport('xlsx') },
    { label: t('crudExportCsv'), icon: 'pi pi-file', command: () => props.onExport('csv') },
  ];
  return (
    <div className="wd-crud-toolbar" role="toolbar">
      <div className="wd-crud-toolbar-left">
        {props.canAdd && <Button size="small" icon="pi pi-plus" label={t('crudAdd')} onClick={props.onAdd} />}
        {props.canDelete && (
          <Button size="small" icon="pi pi-trash" label={t('crudDelete')} severity="danger" outlined onClick={props.onBatchDelete} />
        )}
        {props.canAdd && props.onImport && (
          <Button size="small" icon="pi pi-upload" label={t('crudImport')} severity="secondary" outlined onClick={props.onImport} />
        )}
        {props.children}
      </div>
      <div className="wd-crud-toolbar-right">
        <Menu model={formats} popup ref={exportMenu} />
        <Button
          size="small"
          icon="pi pi-download"
          label={t('crudExport')}
          severity="secondary"
          outlined
          onClick={(e) => exportMenu.current?.toggle(e)}
        />
        <Button size="small" icon="pi pi-refresh" aria-label={t('crudRefresh')} title={t('crudRefresh')} severity="secondary" outlined onClick={props.onRefresh} />
        <MultiSelect
          value={props.shown}
          options={props.columns}
          onChange={(e) => props.onShownChange(e.value as string[])}
          className="wd-crud-columns"
          dropdownIcon="pi pi-table"
          placeholder={t('crudColumns')}
          selectedItemTemplate={() => null}
          fixedPlaceholder
          aria-label={t('crudColumns')}
          tooltip={t('crudColumns')}
        />
      </div>
    </div>
  );
}
