import { nameText } from '../i18n/seeded-text';
import { asArray, asRecord, pickReading, pickText } from './wire-parse';

/** A node of the monitoring tree: an organisation, or a vehicle leaf (has a vin). */
export interface VehTreeNode {
  key: string;
  label: string;
  vin?: string;
  plate?: string;
  /** Run state from the tree answer; the live store's value wins when it has one. */
  state?: number;
  children: VehTreeNode[];
}

/** getVehTree nodes, whatever their naming (title/name/label/orgName; vin on leaves). */
export function normaliseTree(data: unknown, parentKey = ''): VehTreeNode[] {
  return asArray(data).map((raw, index) => {
    const r = asRecord(raw);
    const vin = pickText(r, 'vin') || undefined;
    const plate = pickText(r, 'plateNumber', 'plate', 'carPlate') || undefined;
    const key = pickText(r, 'id', 'key', 'value') || vin || `${parentKey}/${index}`;
    // An organisation the seed made reads in the console's language while it keeps its seeded name.
    const label = nameText(pickText(r, 'title', 'name', 'label', 'orgName')) || plate || vin || key;
    const state = pickReading(r, 'state', 'runState') ?? undefined;
    return { key: vin ? `vin:${vin}` : key, label, vin, plate, state, children: normaliseTree(r.children, key) };
  });
}

/** Keeps vehicles whose plate or VIN contains the keyword (case-insensitive), with their orgs. */
export function filterTree(nodes: VehTreeNode[], keyword: string): VehTreeNode[] {
  const k = keyword.trim().toUpperCase();
  if (!k) return nodes;
  const out: VehTreeNode[] = [];
  for (const node of nodes) {
    if (node.vin) {
      if (node.vin.toUpperCase().includes(k) || (node.plate ?? '').toUpperCase().includes(k)) out.push(node);
      continue;
    }
    const children = filterTree(node.children, keyword);
    if (children.length) out.push({ ...node, children });
  }
  return out;
}

export interface TreeCounts {
  total: number;
  online: number;
  byState: Record<number, number>;
}

export function findVehicle(nodes: VehTreeNode[], vin: string): VehTreeNode | undefined {
  for (const node of nodes) {
    if (node.vin === vin) return node;
    const found = findVehicle(node.children, vin);
    if (found) return found;
  }
  return undefined;
}

/** Counts of every org in one post-order pass (badges for the whole tree each refresh). */
export function countAll(nodes: VehTreeNode[], stateOf: (vin: string) => number | undefined): Map<string, TreeCounts> {
  const all = new Map<string, TreeCounts>();
  const visit = (n: VehTreeNode): TreeCounts => {
    const counts: TreeCounts = { total: 0, online: 0, byState: {} };
    if (n.vin) {
      const state = stateOf(n.vin) ?? n.state ?? 4;
      counts.total = 1;
      counts.online = state === 4 ? 0 : 1;
      counts.byState[state] = 1;
      return counts;
    }
    for (const child of n.children) {
      const c = visit(child);
      counts.total += c.total;
      counts.online += c.online;
      for (const [state, n2] of Object.entries(c.byState)) counts.byState[Number(state)] = (counts.byState[Number(state)] ?? 0) + n2;
    }
    all.set(n.key, counts);
    return counts;
  };
  nodes.forEach(visit);
  return all;
}
