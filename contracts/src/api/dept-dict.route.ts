import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { parentIdString, requiredId } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';
import { entityRow, treeNode } from './tree-node.ts';

const SERVICE = 'wdiov-system';
const FILTERS = 'the other query keys are the list filters (…_like, …_equal)';

/** The level asked for; empty or absent is the top (parent id 0). */
const parentId = z.union([z.literal(''), parentIdString]).optional().describe('The parent\'s id; empty, absent or 0: the top level');
/** A row of a level: the entity's row, and whether rows lie below it. */
const levelRow = z.looseObject({ id: z.string(), parentId: z.string(), hasChildren: z.boolean() });

/** The tree calls of a tree-shaped entity (dept, dict, dict-biz): the forest, the whole tree and a level at a time. */
function treeCallsOf(base: string, rows: string) {
  return {
    list: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/list`,
      summary: `The ${rows} as a forest in their order; the query keys are the list filters`,
      data: z.array(entityRow),
    }),
    tree: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/tree`,
      summary: `Every one of the ${rows} as tree nodes, for pickers`,
      data: z.array(treeNode),
    }),
    lazyList: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/lazy-list`,
      summary: `The ${rows} right below a parent, in their order; ${FILTERS}`,
      query: z.object({ parentId }),
      data: z.array(levelRow),
    }),
    lazyTree: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/lazy-tree`,
      summary: `The ${rows} right below a parent as tree nodes; ${FILTERS}`,
      query: z.object({ parentId }),
      data: z.array(treeNode.required({ hasChildren: true }).omit({ children: true })),
    }),
  };
}

export const deptTreeRoutes = treeCallsOf('/dept', 'depts');

const DICT_CODE = { zh: '字典编号', en: 'the dictionary code' };
const DICT_CODE_SUBJECT = { zh: '字典编号', en: 'The dictionary code' };
const dictCode = z.string({ error: spoken('required', DICT_CODE) }).trim()
  .min(1, { error: spoken('required', DICT_CODE) })
  .max(255, { error: spoken('tooLong', DICT_CODE_SUBJECT, 255) });

/** A dictionary's item: the entity's row, of which the console reads the key and the value. */
export const dictItem = z.looseObject({ dictKey: z.string(), dictValue: z.string() });

const page = z.object({ records: z.array(entityRow), total: z.number().int(), size: z.number().int(), current: z.number().int(), pages: z.number().int() });

/** The calls of a dictionary (system or business): its tree calls, its headers and the items of a code. */
function dictionaryCallsOf(base: '/dict' | '/dict-biz', rows: string) {
  return {
    ...treeCallsOf(base, rows),
    parentList: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/parent-list`,
      summary: `A page of the ${rows}' headers (parent id 0), by sort unless the query sorts; the query keys are the list filters`,
      data: page,
    }),
    childList: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/child-list`,
      summary: `The items under a header, as a forest; ${FILTERS}`,
      query: z.object({ parentId: requiredId({ zh: 'parentId', en: 'parentId' }) }),
      data: z.array(entityRow),
    }),
    parentTree: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/parent-tree`,
      summary: `The ${rows}' headers as tree nodes`,
      data: z.array(treeNode),
    }),
    dictionary: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/dictionary`,
      summary: `The items of a code of the ${rows}, in their order`,
      query: z.object({ code: dictCode }),
      data: z.array(dictItem),
    }),
    dictionaryTree: defineRoute({
      method: 'get', service: SERVICE, path: `${base}/dictionary-tree`,
      summary: `The items of a code of the ${rows} as tree nodes`,
      query: z.object({ code: dictCode }),
      data: z.array(treeNode),
    }),
  };
}

export const dictRoutes = dictionaryCallsOf('/dict', 'system dictionaries');
export const dictBizRoutes = dictionaryCallsOf('/dict-biz', 'business dictionaries');
