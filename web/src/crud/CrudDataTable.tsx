import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { useI18n } from '../i18n/i18n';
import { labelText } from './field-defs';
import type { Row } from './crud-api';
import { PAGE_SIZES } from './list-params';
import { columnSpecs, isSkeleton, SKELETON_ROWS, type CrudTableProps } from './table-columns';

interface CrudDataTableProps extends CrudTableProps {
  paged: boolean;
  current: number;
  size: number;
  total: number;
  onPage(current: number, size: number): void;
}

/** The flat list: selection and index columns, lazy paging and sorting by the server. */
export function CrudDataTable(props: CrudDataTableProps) {
  const { t, language } = useI18n();
  const skeleton = isSkeleton(props);
  const first = props.paged ? (props.current - 1) * props.size : 0;
  const onSort = (e: DataTableStateEvent) =>
    props.onSort(e.sortField && e.sortOrder ? { field: e.sortField, order: e.sortOrder === 1 ? 1 : -1 } : null);
  return (
    <DataTable
      // Cells are memoised by their row: a switch of language draws them anew (dictionary values, seeded names).
      key={language}
      value={skeleton ? SKELETON_ROWS : props.rows}
      dataKey="id"
      size="small"
      stripedRows
      showGridlines
      lazy
      loading={props.loading && !skeleton}
      selectionMode="checkbox"
      selection={props.selection}
      onSelectionChange={(e) => props.onSelectionChange(e.value as Row[])}
      paginator={props.paged}
      first={first}
      rows={props.size}
      totalRecords={props.total}
      rowsPerPageOptions={PAGE_SIZES}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate={t('crudTotal')}
      onPage={(e) => props.onPage((e.page ?? 0) + 1, e.rows)}
      sortField={props.sort?.field}
      sortOrder={props.sort?.order ?? 0}
      removableSort
      onSort={onSort}
      emptyMessage={props.empty}
      scrollable
      tableStyle={{ minWidth: '40rem' }}
      // The table's caption for screen readers: the entity it lists.
      pt={{ table: { 'aria-label': labelText(props.entity.title) } }}
    >
      <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
      <Column header={t('crudIndex')} headerStyle={{ width: '4rem' }} body={(_row, opts) => opts.rowIndex + 1} />
      {columnSpecs(props).map((c) => (
        <Column key={c.field} field={c.field} header={c.header} sortable={c.sortable} body={c.body} />
      ))}
      {props.actions && (
        <Column
          header={t('crudActions')}
          frozen
          alignFrozen="right"
          style={{ width: props.actionsWidth, minWidth: props.actionsWidth ?? 200 }}
          body={(row: Row) => (skeleton ? null : props.actions!(row))}
        />
      )}
    </DataTable>
  );
}
