import { describe, expect, it } from 'vitest';
import { toForest } from './crud-api';
import { checkKeysOf, idsOfCheckKeys, rowsToNodes } from './tree-nodes';

const nodes = rowsToNodes(
  toForest([
    { id: '1', parentId: '0', name: '系统管理' },
    { id: '2', parentId: '1', name: '用户管理' },
    { id: '3', parentId: '1', name: '角色管理' },
    { id: '4', parentId: '9', name: '孤儿' },
  ]),
  'name',
);

describe('tree nodes', () => {
  it('nests flat rows by parent, orphans as roots', () => {
    expect(nodes.map((n) => [n.key, n.label, n.children?.map((c) => c.key)])).toEqual([
      ['1', '系统管理', ['2', '3']],
      ['4', '孤儿', undefined],
    ]);
  });

  it('checks stored leaves; parents follow their children; half-checked parents are stored', () => {
    const some = checkKeysOf(nodes, new Set(['1', '2']));
    expect(some).toEqual({ '2': { checked: true, partialChecked: false }, '1': { checked: false, partialChecked: true } });
    expect(idsOfCheckKeys(some).sort()).toEqual(['1', '2']);
    expect(checkKeysOf(nodes, new Set(['2', '3']))['1']).toEqual({ checked: true, partialChecked: false });
  });
});
