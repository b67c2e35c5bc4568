import { describe, expect, it } from 'vitest';
import { defineEntity, entityByName, entityList, subjects, type AnyEntity } from '@wdiov/contracts';
import { f } from '@wdiov/contracts/entity/fields';
import { MemoryBus } from '../bus/memory-bus.ts';
import { dropCachesOnChange } from '../live/cache-invalidation.ts';
import { behavioursOf, prepareOf, type WriteContext } from './behaviours.ts';
import type { Repository } from './repository.ts';

/**
 * A tree entity whose rows the fence cache holds, as a new entity would be added: its definition
 * file (this constant) and its registry line (`withTestArea`), nothing else. What its definition
 * declares, the server does: ancestors kept on writes, the fence cache dropped on every gateway.
 */
const testArea = defineEntity({
  name: 'testArea',
  service: 'wdiov-base',
  path: 'test-area',
  table: 'wdiov_test_area',
  title: { zh: '测试片区', en: 'Test area' },
  tenant: true,
  audit: 'full',
  tree: { parent: 'parentId', title: 'areaName', ancestors: 'ancestors' },
  caches: ['fences'],
  fields: {
    parentId: f.ref('上级片区', 'Parent', 'testArea', 'areaName', { default: '0' }),
    ancestors: f.text('祖级列表', 'Ancestors', { max: 2000, readOnly: true, list: false, form: false }),
    areaName: f.text('片区名称', 'Name', { required: true, max: 45 }),
  },
});
const withTestArea: readonly AnyEntity[] = [...entityList, testArea];
const lookUp = (name: string) => withTestArea.find((e) => e.name === name);

/** A write context over stored rows by id (the parent lookup is all the tree hook reads). */
function contextOver(rows: Record<string, Record<string, unknown>>, id: string): WriteContext {
  const repo = { findRow: async (_: unknown, rowId: string) => rows[rowId] } as unknown as Repository;
  return { repo, principal: {} as WriteContext['principal'], mode: 'update', id, other: () => repo };
}

describe('hooks an entity attaches through its definition', () => {
  const rows = { '10': { id: '10', ancestors: '0' }, '11': { id: '11', ancestors: '0,10' } };

  it('a tree keeping ancestors gets them from its parent on every write', async () => {
    const prepare = behavioursOf(withTestArea).testArea!;
    expect(prepare).toBeDefined();
    expect(await prepare({ parentId: '11', areaName: 'x' }, contextOver(rows, '12'))).toEqual({ parentId: '11', areaName: 'x', ancestors: '0,10,11' });
    expect(await prepare({ parentId: '0' }, contextOver(rows, '12'))).toEqual({ parentId: '0', ancestors: '0' });
    // A node may not move below itself.
    await expect(prepare({ parentId: '11' }, contextOver(rows, '10'))).rejects.toThrow(/parentId/);
  });

  it('the registry trees that keep ancestors get the same hook; trees without them none', () => {
    for (const name of ['dept', 'org', 'salesRegion']) expect(entityByName(name)?.tree?.ancestors, name).toBe('ancestors');
    expect(prepareOf(entityByName('dept')!)).toBeDefined();
    expect(prepareOf(entityByName('role')!)).toBeUndefined();
    // Hooks of its own, attached by the typed name, stay.
    expect(prepareOf(entityByName('user')!)).toBeDefined();
  });

  it("a write of the entity drops the caches its definition names, on every gateway's subscription", async () => {
    const bus = new MemoryBus();
    const dropped: string[] = [];
    const holder = (name: string) => ({ invalidate: () => void dropped.push(name) });
    const caches = { fences: holder('fences'), rules: holder('rules'), teams: holder('teams'), directory: holder('directory'), scopes: holder('scopes') };
    const written: string[] = [];
    const sub = dropCachesOnChange(bus, caches, lookUp, (entity) => void written.push(entity.name));
    bus.publish(subjects.changed('000000', 'testArea'), new Uint8Array());
    bus.publish(subjects.changed('000000', 'notice'), new Uint8Array());
    await bus.drain();
    expect(dropped).toEqual(['fences']);
    // The repositories hear of every written entity, cached or not (what they read of it goes).
    expect(written).toEqual(['testArea', 'notice']);
    sub.unsubscribe();

    // The registry's own, looked up by default: a vehicle is in the directory, the fences' bindings, the scopes and the alarm rules it is given.
    dropped.length = 0;
    const second = new MemoryBus();
    dropCachesOnChange(second, caches);
    second.publish(subjects.changed('000000', 'vehicle'), new Uint8Array());
    await second.drain();
    expect(dropped.sort()).toEqual(['directory', 'fences', 'rules', 'scopes']);
  });
});
