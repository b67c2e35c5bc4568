import { useEffect, useMemo, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { Tree } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useI18n } from '../i18n/i18n';
import type { LiveStore } from '../live-store/live-store';
import { STATE_HEX, stateKeyOf } from '../live-store/vehicle-colours';
import { fetchVehicleTree } from './live-api';
import { useMonitoringServices } from './monitoring-services';
import { useStoreTick } from './use-store-tick';
import { countAll, filterTree, type TreeCounts, type VehTreeNode } from './vehicle-tree';

interface Props {
  store: LiveStore;
  selectedVin?: string;
  onSelect: (vin: string, plate: string) => void;
}

/** The full plate and VIN of a vehicle row. */
export function vehicleTooltip(n: Pick<VehTreeNode, 'plate' | 'vin'>): string {
  return n.plate ? `${n.plate} · ${n.vin}` : (n.vin ?? '');
}

function toPrimeNodes(nodes: VehTreeNode[]): TreeNode[] {
  return nodes.map((n) => ({ key: n.key, label: n.label, data: n, leaf: Boolean(n.vin), children: toPrimeNodes(n.children) }));
}

/** The org tree with vehicles as leaves: search by plate or VIN, counts per org, live state dots. */
export function VehicleTreePanel({ store, selectedVin, onSelect }: Props) {
  const { t } = useI18n();
  const { http } = useMonitoringServices();
  const [keyword, setKeyword] = useState('');
  const [tree, setTree] = useState<VehTreeNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const tick = useStoreTick(store);

  // The server filters too (getVehTree keyword); debounced so typing is one request.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      fetchVehicleTree(http, keyword)
        .then((nodes) => {
          if (!live) return;
          setTree(nodes);
          // Open the first level so the user sees organisations, not one closed root.
          setExpanded(Object.fromEntries(nodes.map((n) => [n.key, true])));
        }, () => undefined)
        .finally(() => live && setLoading(false));
    }, keyword ? 300 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [http, keyword]);

  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const nodes = useMemo(() => toPrimeNodes(shown), [shown]);
  const counts = useMemo(() => {
    const stateOf = (vin: string) => {
      const slot = store.slotOf(vin);
      return slot === undefined ? undefined : store.state[slot];
    };
    return countAll(shown, stateOf);
    // tick: recount when the stream moved on (at most once a second).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, store, tick]);

  const template = (node: TreeNode) => {
    const n = node.data as VehTreeNode;
    if (!n.vin) {
      const c: TreeCounts | undefined = counts.get(n.key);
      return (
        <span className="wd-tree-org">
          {n.label} <small title={t('monOnlineOfTotal')}>({c?.online ?? 0}/{c?.total ?? 0})</small>
        </span>
      );
    }
    const slot = store.slotOf(n.vin);
    const key = slot === undefined ? stateKeyOf(n.state ?? 4, 0) : stateKeyOf(store.state[slot], store.alarmLevel[slot]);
    // One line: the plate whole, the VIN cut short if need be; both in full in the tooltip.
    return (
      <span className={`wd-tree-vehicle${n.vin === selectedVin ? ' is-selected' : ''}`} title={vehicleTooltip(n)}>
        <i style={{ background: STATE_HEX[key] }} aria-hidden="true" />
        <span className="wd-tree-plate">{n.plate || n.vin}</span>
        {n.plate && <small>{n.vin}</small>}
      </span>
    );
  };

  return (
    <aside className="wd-live-tree">
      <span className="p-input-icon-left wd-live-search">
        <InputText value={keyword} placeholder={t('monSearchVehicle')} onChange={(e) => setKeyword(e.target.value)} aria-label={t('monSearchVehicle')} />
      </span>
      <Tree
        value={nodes}
        loading={loading}
        nodeTemplate={template}
        expandedKeys={expanded}
        onToggle={(e) => setExpanded(e.value as Record<string, boolean>)}
        selectionMode="single"
        selectionKeys={selectedVin ? `vin:${selectedVin}` : null}
        onSelect={(e) => {
          const n = e.node.data as VehTreeNode;
          if (n.vin) onSelect(n.vin, n.plate ?? '');
        }}
      />
      {!loading && nodes.length === 0 && <p className="wd-mon-empty">{t('monEmpty')}</p>}
    </aside>
  );
}
