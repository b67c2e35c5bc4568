import { z } from 'zod';

/** A row of an entity as the generic calls answer it: its fields by name, ids as text. */
export const entityRow = z.record(z.string(), z.unknown());

/** BladeX's TreeNode, as the tree pickers read it: `key = value = id`, every id text. */
export const treeNode = z.object({
  id: z.string(),
  parentId: z.string(),
  title: z.string(),
  key: z.string(),
  value: z.string(),
  hasChildren: z.boolean().optional(),
  // Left open rather than recursive: the OpenAPI document is generated from this schema.
  children: z.array(z.unknown()).optional().describe('The nodes below, of the same shape'),
});
export type TreeNodeRow = z.infer<typeof treeNode>;
