import type { TreeNode } from 'primereact/treenode';
import type { Row } from './crud-api';
import { rowName } from '../i18n/seeded-text';

/** primereact's checkbox selection: key → checked / partially checked. */
export type CheckKeys = Record<string, { checked?: boolean; partialChecked?: boolean }>;

/** Rows (a forest under `children`) as primereact tree nodes: key = id, label = the title field. */
export function rowsToNodes(rows: Row[], titleKey: string, idKey = 'id'): TreeNode[] {
  return rows.map((row) => {
    const children = Array.isArray(row.children) ? rowsToNodes(row.children as Row[], titleKey, idKey) : undefined;
    const node: TreeNode = { key: String(row[idKey]), label: rowName(row, String(row[titleKey] ?? '')), data: row };
    if (children?.length) node.children = children;
    // Lazy trees say whether a node has children before they are loaded.
    if (!children?.length) node.leaf = row.hasChildren !== true;
    return node;
  });
}

/** BladeX TreeNode answers ({id, title, children, hasChildren}) as primereact nodes. */
export const treeAnswerToNodes = (rows: Row[]): TreeNode[] => rowsToNodes(rows, 'title');

/**
 * Check marks for stored ids: a leaf is checked when stored; a parent is checked when all its
 * children are, partially when some are. Parents are stored along (as BladeX stores half-checked
 * keys), so their own id does not check them — its children decide.
 */
export function checkKeysOf(nodes: TreeNode[], ids: ReadonlySet<string>): CheckKeys {
  const keys: CheckKeys = {};
  const walk = (node: TreeNode): 'all' | 'some' | 'none' => {
    const key = String(node.key);
    if (!node.children?.length) {
      if (!ids.has(key)) return 'none';
      keys[key] = { checked: true, partialChecked: false };
      return 'all';
    }
    const states = node.children.map(walk);
    const state = states.every((s) => s === 'all') ? 'all' : states.some((s) => s !== 'none') ? 'some' : 'none';
    if (state !== 'none') keys[key] = { checked: state === 'all', partialChecked: state === 'some' };
    return state;
  };
  nodes.forEach(walk);
  return keys;
}

/** Ids to store: checked and partially checked nodes (so a granted button keeps its menu). */
export function idsOfCheckKeys(keys: CheckKeys | null | undefined): string[] {
  return Object.entries(keys ?? {})
    .filter(([, v]) => v.checked || v.partialChecked)
    .map(([k]) => k);
}

/** A node's children replaced in a tree (lazy loading). */
export function withChildren(nodes: TreeNode[], key: string, children: TreeNode[]): TreeNode[] {
  return nodes.map((n) =>
    n.key === key
      ? { ...n, children, leaf: children.length === 0 }
      : n.children
        ? { ...n, children: withChildren(n.children, key, children) }
        : n,
  );
}
