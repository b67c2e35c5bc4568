import { useMemo, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { QueryParams } from '../api/http';
import { useI18n } from '../i18n/i18n';
import type { ButtonSet } from './buttons';
import { createCrudApi, type Row } from './crud-api';
import { CrudDataTable } from './CrudDataTable';
import { CrudFormDialog } from './CrudFormDialog';
import { useCrudServices } from './CrudServices';
import { CrudToolbar } from './CrudToolbar';
import { CrudTreeTable } from './CrudTreeTable';
import { useDictionaries } from './dictionaries';
import { ExportDialog } from './ExportDialog';
import { ImportDialog } from './import/ImportDialog';
import { labelText, listFields, type FormMode } from './field-defs';
import type { FormValues } from './form-model';
import { filterParams } from './list-params';
import { entitySource, type ListSource } from './list-source';
import { NAMES_SHOWN, recordName } from './record-name';
import { RowActions } from './RowActions';
import { workflowOf } from '@wdiov/contracts/workflows/index';
import { importable } from '@wdiov/contracts/entity/bespoke-adds';
import { WorkflowActions } from '../workflows/WorkflowActions';
import { rowButtons } from '../workflows/workflow-api';
import { WorkflowTrail } from '../workflows/WorkflowTrail';
import { SearchBar } from './SearchBar';
import { useCrudList } from './use-crud-list';
import { useExport } from './use-export';
import './crud.css';

export interface CrudPageProps {
  entity: AnyEntity;
  buttons: ButtonSet;
  /** Where rows come from; by default the entity's page (or its tree list). */
  source?: ListSource;
  /** Filters the screen fixes (the chosen dept, the parent dictionary …). */
  params?: QueryParams;
  /** List columns in order, instead of the definition's `list` flags. */
  columns?: readonly string[];
  formDefaults?: FormValues;
  /** Multiple tree references whose checks cascade, grant style (package menus). */
  cascade?: readonly string[];
  dialogWidth?: string;
  actionsWidth?: number;
  /** One toast for add, update and delete (the package screen's `操作成功!`). */
  successMessage?: string;
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  toolbar?: (ctx: { selection: Row[]; reload: () => void }) => ReactNode;
  heading?: ReactNode;
}

type DialogState = { mode: FormMode; record: Row } | null;

/** The generic list page of an entity: search, toolbar, table, paging, dialog form, export. */
export function CrudPage(props: CrudPageProps) {
  const { entity, buttons } = props;
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const api = useMemo(() => createCrudApi(http, entity), [http, entity]);
  const defaultSource = useMemo(() => entitySource(http, entity), [http, entity]);
  const source = props.source ?? defaultSource;
  const list = useCrudList(entity, source, props.params);
  const dicts = useDictionaries(http, entity);
  const allColumns = useMemo(() => listFields(entity, props.columns), [entity, props.columns]);
  const [shown, setShown] = useState<string[]>(() => allColumns.map(([name]) => name));
  const columns = allColumns.filter(([name]) => shown.includes(name));
  const [selection, setSelection] = useState<Row[]>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [importing, setImporting] = useState(false);
  const title = labelText(entity.title);
  // Rows that move through a workflow show its actions and, in their detail, its trail.
  const workflow = workflowOf(entity);

  const reload = () => {
    setSelection([]);
    list.reload();
  };
  const exporter = useExport({
    title,
    columns,
    dicts,
    fetchPage: (current, size) => source.load({ ...filterParams(entity, list.state, props.params), current, size }),
  });

  const open = async (mode: FormMode, row?: Row) => {
    if (!row) return setDialog({ mode, record: {} });
    try {
      // The list may leave fields out: the form works on the full detail.
      setDialog({ mode, record: { ...row, ...(await api.detail(String(row.id))) } });
    } catch {
      /* shown by the HTTP client */
    }
  };

  /** The confirmation names what goes: the record, or the first few of them and how many. */
  const deleteQuestion = (rows: Row[]) => {
    const names = rows.slice(0, NAMES_SHOWN).map((row) => recordName(entity, row));
    if (rows.length === 1) return t('crudDeleteConfirmOne', { title, name: names[0]! });
    const listed = names.join(t('crudNameSeparator')) + (rows.length > NAMES_SHOWN ? t('crudNamesMore') : '');
    return t('crudDeleteConfirmMany', { title, count: rows.length, names: listed });
  };

  const remove = (rows: Row[]) => {
    if (rows.length === 0) return notifier.warning(t('crudSelectOne'));
    confirmDialog({
      header: t('commonTip'),
      message: deleteQuestion(rows),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('commonConfirm'),
      rejectLabel: t('commonCancel'),
      accept: async () => {
        try {
          await api.remove(rows.map((r) => String(r.id)));
          notifier.success(props.successMessage ?? t('crudDeleted'));
          reload();
        } catch {
          /* shown by the HTTP client */
        }
      },
    });
  };

  const empty = (
    <div className="wd-crud-empty">
      <i className="pi pi-inbox" aria-hidden />
      <p>{t('crudEmptyText', { title })}</p>
      {buttons.add && <Button size="small" icon="pi pi-plus" label={t('crudAdd')} onClick={() => void open('add')} />}
    </div>
  );
  const hasActions = buttons.view || buttons.edit || buttons.delete || Boolean(props.rowActions) || Boolean(workflow);
  const tableProps = {
    entity,
    rows: list.rows,
    loading: list.loading,
    columns,
    dicts,
    selection,
    onSelectionChange: setSelection,
    empty,
    sort: list.state.sort,
    onSort: list.sort,
    actionsWidth: props.actionsWidth,
    actions: hasActions
      ? (row: Row) => (
          <RowActions
            row={row}
            buttons={workflow ? rowButtons(workflow, row, buttons) : buttons}
            onView={(r) => void open('view', r)}
            onEdit={(r) => void open('edit', r)}
            onDelete={(r) => remove([r])}
            extra={
              <>
                {workflow && <WorkflowActions workflow={workflow} row={row} buttons={buttons} onDone={reload} />}
                {props.rowActions?.(row, reload)}
              </>
            }
          />
        )
      : undefined,
  };

  return (
    <section className="wd-card wd-crud" aria-label={title}>
      {props.heading}
      <SearchBar entity={entity} dicts={dicts} onSearch={list.search} />
      <CrudToolbar
        canAdd={buttons.add}
        canDelete={buttons.delete}
        onAdd={() => void open('add')}
        onBatchDelete={() => remove(selection)}
        onExport={(format) => void exporter.run(format)}
        onImport={importable(entity) ? () => setImporting(true) : undefined}
        onRefresh={reload}
        columns={allColumns.map(([name, def]) => ({ value: name, label: labelText(def.label) }))}
        shown={shown}
        onShownChange={setShown}
      >
        {props.toolbar?.({ selection, reload })}
      </CrudToolbar>
      {source.tree ? (
        <CrudTreeTable {...tableProps} loadChildren={source.children} />
      ) : (
        <CrudDataTable
          {...tableProps}
          paged={source.paged}
          current={list.state.current}
          size={list.state.size}
          total={list.total}
          onPage={list.page}
        />
      )}
      {dialog && (
        <CrudFormDialog
          entity={entity}
          mode={dialog.mode}
          record={dialog.record}
          dicts={dicts}
          defaults={props.formDefaults}
          width={props.dialogWidth}
          cascade={props.cascade}
          successMessage={props.successMessage}
          extra={workflow && dialog.mode === 'view' && dialog.record.id !== undefined ? <WorkflowTrail workflow={workflow} id={String(dialog.record.id)} /> : undefined}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {importing && <ImportDialog entity={entity} onClose={() => setImporting(false)} onImported={reload} />}
      <ExportDialog progress={exporter.progress} onCancel={exporter.cancel} />
    </section>
  );
}
