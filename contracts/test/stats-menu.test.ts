import { describe, expect, it } from 'vitest';
import { menuTree, type MenuSeed } from '../src/menu/menu-tree.ts';

const find = (items: MenuSeed[], code: string): MenuSeed | undefined => {
  for (const m of items) {
    if (m.code === code) return m;
    const hit = find(m.children ?? [], code);
    if (hit) return hit;
  }
  return undefined;
};

describe('statistics menu', () => {
  it('places the export records with the statistics screens, as a list without add, edit or delete', () => {
    const tree = menuTree();
    const statistics = find(tree, 'statistics')!;
    const exports = statistics.children!.find((m) => m.entity === 'exportRecord');
    expect(exports?.path).toBe('/statistics/exportRecord');
    expect(exports?.without).toEqual(['add', 'edit', 'delete']);
    // Nowhere else: one screen per entity.
    const everywhere: MenuSeed[] = [];
    const walk = (items: MenuSeed[]) => items.forEach((m) => { if (m.entity === 'exportRecord') everywhere.push(m); walk(m.children ?? []); });
    walk(tree);
    expect(everywhere).toHaveLength(1);
  });
});
