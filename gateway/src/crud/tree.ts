import type { Json } from './serialize.ts';

/**
 * Merges flat rows into a forest, as BladeX's ForestNodeMerger does: roots are rows whose parent
 * is '0' or absent from the set; `children` is left out when empty, `hasChildren` set when not.
 */
export function forest<T extends Json>(rows: T[], idKey = 'id', parentKey = 'parentId'): (T & { children?: T[] })[] {
  const byId = new Map<string, T & { children?: T[]; hasChildren?: boolean }>();
  for (const r of rows) byId.set(String(r[idKey]), { ...r });
  const roots: (T & { children?: T[] })[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(String(node[parentKey] ?? '0'));
    if (parent && parent !== node) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: TreeNode[];
  hasChildren?: boolean;
}

/** BladeX TreeNode: `key = value = id`, every id a string. */
export function treeNodes(rows: Json[], titleKey: string, idKey = 'id', parentKey = 'parentId'): TreeNode[] {
  const nodes = rows.map((r) => {
    const id = String(r[idKey]);
    return { id, parentId: String(r[parentKey] ?? '0'), title: String(r[titleKey] ?? ''), key: id, value: id };
  });
  return forest(nodes as unknown as Json[]) as unknown as TreeNode[];
}

/** Every ancestor of the given ids, walking parent links in rows (the ids themselves included). */
export function withAncestors(rows: Json[], ids: Set<string>, idKey = 'id', parentKey = 'parentId'): Set<string> {
  const parentOf = new Map(rows.map((r) => [String(r[idKey]), String(r[parentKey] ?? '0')]));
  const out = new Set<string>();
  for (const start of ids) {
    for (let id: string | undefined = start; id && id !== '0' && !out.has(id); id = parentOf.get(id)) {
      if (!parentOf.has(id)) break;
      out.add(id);
    }
  }
  return out;
}
