import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { idString } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';
import { treeNode } from './tree-node.ts';

const REGION_CODE = { zh: '区划编号', en: 'The region code' };
const REGION_KEYS = { zh: 'id', en: 'id' };

/** A GB/T 2260 code: 2 to 12 digits (province 2 or 6, city 4 or 6, district 6, town 9, village 12). */
const regionCode = z.string({ error: spoken('required', REGION_CODE) }).trim()
  .regex(/^\d{2,12}$/, { error: spoken('digits', REGION_CODE, undefined, '2-12') });
/** The region whose children are asked; empty or absent is the root. */
const parentCode = z.string().trim()
  .regex(/^(\d{2,12})?$/, { error: spoken('digits', REGION_CODE, undefined, '2-12') })
  .optional().describe('The parent region\'s code; empty or absent: the provincial level');

/** A region as its list answers it: the entity's row, of which these fields the pickers read. */
export const regionRow = z.looseObject({ id: z.string(), code: z.string(), name: z.string(), parentCode: z.string() });
/** A region of a level: whether regions lie below it, so a tree knows where it can open. */
export const regionLevelRow = regionRow.extend({ hasChildren: z.boolean() });
export type RegionLevelRow = z.infer<typeof regionLevelRow>;

const levelSummary = 'in their order (sort, then code); the other query keys are the list filters (name_like …)';

/** The regions right below a region (the provinces without one), with the list filters. */
export const regionLazyListRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/region/lazy-list',
  summary: `The regions right below a parent code, ${levelSummary}`,
  query: z.object({ parentCode }),
  data: z.array(regionLevelRow),
});

/** The same level as tree nodes, keyed by code. */
export const regionLazyTreeRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/region/lazy-tree',
  summary: `The regions right below a parent code as tree nodes keyed by code, ${levelSummary}`,
  query: z.object({ parentCode }),
  data: z.array(treeNode.required({ hasChildren: true }).omit({ children: true })),
});

/** Cascader options: the regions under `code` (BladeX's region/select). */
export const regionSelectRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/region/select',
  summary: `The cascader options under a region code, ${levelSummary}`,
  query: z.object({ code: parentCode }),
  data: z.array(regionLevelRow),
});

/** A region by its code, or by its row id (the edit form's generic detail). */
export const regionDetailRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/region/detail',
  summary: 'A region by its code (or, without a code, by its row id)',
  query: z.object({ code: regionCode.optional(), id: idString.optional() })
    .refine((q) => q.code !== undefined || q.id !== undefined, { error: spoken('required', REGION_CODE), path: ['code'] }),
  data: regionRow,
});

const SUB_CODE = { zh: '下级编号', en: 'The sub-code' };
const rowId = z.union([idString, z.literal(''), z.null()], { error: spoken('invalidId') }).optional()
  .describe('The row id of a region updated; absent, empty or null: the code decides');
const codeValue = (label: Record<'zh' | 'en', string>) => z.union([z.string(), z.number().int().nonnegative()], { error: spoken('notText', label) }).optional();

/**
 * Adds a region, or updates the one of its id or code. Only the keys that decide which are
 * declared here; the rest is the region entity's submit, checked as an add or an update once
 * the gateway knows which it is.
 */
export const regionSubmitRoute = defineRoute({
  method: 'post',
  service: 'wdiov-system',
  path: '/region/submit',
  summary: 'Adds a region, or updates the region of the id or code sent (BladeX\'s region form: parentCode + subCode make the code)',
  body: z.looseObject({
    id: rowId,
    code: codeValue(REGION_CODE).describe('The region\'s code (a number is the same code)'),
    subCode: codeValue(SUB_CODE).describe('The part of the code below the parent, when no code is sent'),
    parentCode: z.string().optional(),
  }, { error: spoken('notObject') }),
  data: z.object({}),
});

/** A region named in a remove: its code (2 to 12 digits; imported rows have it as id too) or a row id. */
const CODE_OR_ID = /^\d{2,19}$/;
const MAX_REMOVED = 1000;

/** The codes or ids of a remove, from whichever of `id`, `ids` and `code` it sends (in that order). */
export const regionRemoveKeys = (q: { id?: string; ids?: string; code?: string }) =>
  (q.id ?? q.ids ?? q.code ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Removes regions, each only with all of its live children. */
export const regionRemoveRoute = defineRoute({
  method: 'post',
  service: 'wdiov-system',
  path: '/region/remove',
  summary: 'Removes regions by code or row id (comma-separated in id, ids or code); a region goes only with the regions below it',
  query: z.object({ id: z.string().optional(), ids: z.string().optional(), code: z.string().optional() })
    .refine((q) => {
      const keys = regionRemoveKeys(q);
      return keys.length > 0 && keys.length <= MAX_REMOVED && keys.every((k) => CODE_OR_ID.test(k));
    }, { error: spoken('regionCodeList', REGION_KEYS) }),
  data: z.object({}),
});
