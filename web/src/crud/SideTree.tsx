import { useEffect, useState } from 'react';
import { Tree, type TreeEventNodeEvent } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { withChildren } from './tree-nodes';

interface SideTreeProps {
  title: string;
  /** The roots (parent null), or a node's children when `lazy`. */
  load(parent: TreeNode | null): Promise<TreeNode[]>;
  lazy?: boolean;
  onSelect(node: TreeNode | null): void;
  /** The language of the node names when it is fixed whatever the console's (place names). */
  labelLang?: string;
}

/** A tree beside a list whose choice filters it (the dept tree of users, the region tree). */
export function SideTree({ title, load, lazy, onSelect, labelLang }: SideTreeProps) {
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    load(null)
      .then((roots) => live && setNodes(roots), () => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // The loader is fixed for the life of the pane.
  }, []);

  const expand = async (e: TreeEventNodeEvent) => {
    if (!lazy || e.node.children?.length) return;
    const children = await load(e.node);
    setNodes((prev) => withChildren(prev, String(e.node.key), children));
  };

  return (
    <aside className="wd-card wd-split-pane" aria-label={title}>
      <Tree
        value={nodes}
        loading={loading}
        filter={!lazy}
        selectionMode="single"
        selectionKeys={selected}
        onSelectionChange={(e) => {
          const key = (e.value as string | null) ?? null;
          setSelected(key);
          onSelect(key ? findNode(nodes, key) : null);
        }}
        onExpand={(e) => void expand(e)}
        header={<strong>{title}</strong>}
        nodeTemplate={labelLang ? (node) => <span lang={labelLang}>{node.label}</span> : undefined}
      />
    </aside>
  );
}

function findNode(nodes: TreeNode[], key: string): TreeNode | null {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = findNode(n.children ?? [], key);
    if (hit) return hit;
  }
  return null;
}
