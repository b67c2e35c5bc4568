import type { ReactNode } from 'react';
import { Skeleton } from 'primereact/skeleton';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { cellText, isUserText } from './cell-format';
import type { Row } from './crud-api';
import type { DictMap } from './dictionaries';
import { isSortable, labelText, type FieldEntry } from './field-defs';
import type { SortState } from './list-params';

/** What both list tables (flat and tree) share. */
export interface CrudTableProps {
  entity: AnyEntity;
  rows: Row[];
  loading: boolean;
  columns: FieldEntry[];
  dicts: DictMap;
  selection: Row[];
  onSelectionChange(rows: Row[]): void;
  actions?: (row: Row) => ReactNode;
  actionsWidth?: number;
  empty: ReactNode;
  sort: SortState | null;
  onSort(sort: SortState | null): void;
}

export const SKELETON_ROWS: Row[] = Array.from({ length: 5 }, (_, i) => ({ id: `skeleton-${i}` }));

/** Placeholder rows until the first answer, so the page keeps its shape. */
export const isSkeleton = (props: CrudTableProps) => props.loading && props.rows.length === 0;

export interface ColumnSpec {
  field: string;
  header: string;
  sortable: boolean;
  body(row: Row): ReactNode;
}

export function columnSpecs(props: CrudTableProps): ColumnSpec[] {
  const skeleton = isSkeleton(props);
  return props.columns.map(([name, def]) => ({
    field: name,
    header: labelText(def.label),
    sortable: isSortable(props.entity, name),
    body: (row: Row) =>
      skeleton ? (
        <Skeleton height="1rem" />
      ) : (
        <span className={def.multiline || def.kind === 'json' ? 'wd-crud-multiline' : undefined} data-user-text={isUserText(name, def, row) || undefined}>
          {cellText(name, def, row, props.dicts)}
        </span>
      ),
  }));
}
