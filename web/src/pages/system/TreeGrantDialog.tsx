import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useCrudServices } from '../../crud/CrudServices';
import { checkKeysOf, type CheckKeys } from '../../crud/tree-nodes';
import { useI18n } from '../../i18n/i18n';

export interface GrantTree {
  label: string;
  nodes: TreeNode[];
  /** Ids stored for the chosen rows. */
  checked: string[];
  /** Nodes chosen one by one, a parent not implying its children (roles). */
  independent?: boolean;
}

/** Independent choice is primereact's multiple selection: key → true. */
const initialKeys = (tree: GrantTree): CheckKeys | Record<string, boolean> =>
  tree.independent ? Object.fromEntries(tree.checked.map((id) => [id, true])) : checkKeysOf(tree.nodes, new Set(tree.checked));

const chosenIds = (keys: CheckKeys | Record<string, boolean>): string[] =>
  Object.entries(keys).filter(([, v]) => v === true || (typeof v === 'object' && (v.checked || v.partialChecked))).map(([k]) => k);

interface TreeGrantDialogProps {
  header: string;
  load(): Promise<GrantTree[]>;
  /** The checked ids of each tree, in the order loaded. */
  onSave(ids: string[][]): Promise<unknown>;
  onClose(): void;
}

/** Checkbox trees (one tab each) for a grant: role menus and scopes, top-menu menus, user roles. */
export function TreeGrantDialog({ header, load, onSave, onClose }: TreeGrantDialogProps) {
  const { t } = useI18n();
  const { notifier } = useCrudServices();
  const [trees, setTrees] = useState<GrantTree[]>([]);
  const [keys, setKeys] = useState<(CheckKeys | Record<string, boolean>)[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    load().then((loaded) => {
      if (!live) return;
      setTrees(loaded);
      setKeys(loaded.map(initialKeys));
    }, onClose);
    return () => {
      live = false;
    };
    // Loaded once per opening.
  }, []);

  const save = async () => {
    setSaving(true);
    try {
      await onSave(keys.map(chosenIds));
      notifier.success(t('crudOperationDone'));
      onClose();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };

  const treeOf = (tree: GrantTree, i: number) => (
    <Tree
      value={tree.nodes}
      selectionMode={tree.independent ? 'multiple' : 'checkbox'}
      metaKeySelection={false}
      selectionKeys={keys[i] as TreeCheckboxSelectionKeys}
      onSelectionChange={(e) => setKeys((prev) => prev.map((k, j) => (j === i ? ((e.value ?? {}) as CheckKeys) : k)))}
      filter
      aria-label={tree.label}
    />
  );

  const footer = (
    <>
      <Button label={t('commonCancel')} severity="secondary" outlined onClick={onClose} />
      <Button label={t('commonSubmit')} icon="pi pi-check" loading={saving} disabled={!trees.length} onClick={() => void save()} />
    </>
  );
  return (
    <Dialog header={header} visible onHide={onClose} footer={footer} style={{ width: 'min(560px, 95vw)' }} modal>
      {trees.length > 1 ? (
        <TabView>
          {trees.map((tree, i) => (
            <TabPanel key={tree.label} header={tree.label}>
              {treeOf(tree, i)}
            </TabPanel>
          ))}
        </TabView>
      ) : (
        trees[0] && treeOf(trees[0], 0)
      )}
    </Dialog>
  );
}
