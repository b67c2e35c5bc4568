import { useMemo, useState } from 'react';
import { Column } from 'primereact/column';
import { TreeTable, type TreeTableSelectionKeysType } from 'primereact/treetable';
import type { TreeNode } from 'primereact/treenode';
import { useI18n } from '../i18n/i18n';
import { labelText } from './field-defs';
import type { Row } from './crud-api';
import { columnSpecs, isSkeleton, SKELETON_ROWS, type CrudTableProps } from './table-columns';
import { withChildren, type CheckKeys } from './tree-nodes';

interface CrudTreeTableProps extends CrudTableProps {
  /** Lazy trees: the children of an expanded row. */
  loadChildren?(row: Row): Promise<Row[]>;
}

const toNodes = (rows: Row[]): TreeNode[] =>
  rows.map((row) => {
    const children = Array.isArray(row.children) ? toNodes(row.children as Row[]) : [];
    return { key: String(row.id), data: row, children, leaf: children.length === 0 && row.hasChildren !== true };
  });

const rowsOfKeys = (nodes: TreeNode[], keys: CheckKeys): Row[] =>
  nodes.flatMap((n) => [...(keys[String(n.key)]?.checked ? [n.data as Row] : []), ...rowsOfKeys(n.children ?? [], keys)]);

/** Tree entities (tree: {parent, title}) as a tree table; lazy ones load children on expand. */
export function CrudTreeTable(props: CrudTreeTableProps) {
  const { t, language } = useI18n();
  const skeleton = isSkeleton(props);
  const [loaded, setLoaded] = useState<{ rows: Row[]; nodes: TreeNode[] } | null>(null);
  const base = useMemo(() => toNodes(skeleton ? SKELETON_ROWS : props.rows), [props.rows, skeleton]);
  // Children loaded on expand stay until the rows change (search, reload).
  const nodes = loaded?.rows === props.rows ? loaded.nodes : base;
  const selectionKeys: CheckKeys = Object.fromEntries(props.selection.map((r) => [String(r.id), { checked: true }]));

  const expand = async (node: TreeNode) => {
    if (!props.loadChildren || node.children?.length) return;
    const children = toNodes(await props.loadChildren(node.data as Row));
    setLoaded({ rows: props.rows, nodes: withChildren(nodes, String(node.key), children) });
  };

  return (
    <TreeTable
      // Cells are memoised by their row: a switch of language draws them anew (dictionary values, seeded names).
      key={language}
      value={nodes}
      loading={props.loading && !skeleton}
      selectionMode="checkbox"
      selectionKeys={selectionKeys as TreeTableSelectionKeysType}
      onSelectionChange={(e) => props.onSelectionChange(rowsOfKeys(nodes, (e.value ?? {}) as CheckKeys))}
      onExpand={(e) => void expand(e.node)}
      lazy={Boolean(props.loadChildren)}
      emptyMessage={props.empty}
      className="p-treetable-sm"
      showGridlines
      tableStyle={{ minWidth: '40rem' }}
      // The table's caption for screen readers: the entity it lists.
      pt={{ table: { 'aria-label': labelText(props.entity.title) } }}
    >
      {columnSpecs(props).map((c, i) => (
        <Column key={c.field} field={c.field} header={c.header} expander={i === 0} body={(node: TreeNode) => c.body(node.data as Row)} />
      ))}
      {props.actions && (
        <Column
          header={t('crudActions')}
          style={{ width: props.actionsWidth, minWidth: props.actionsWidth ?? 200 }}
          body={(node: TreeNode) => (skeleton ? null : props.actions!(node.data as Row))}
        />
      )}
    </TreeTable>
  );
}
