import { readFileSync } from 'node:fs';
import { entityByName } from '@wdiov/contracts/entities/registry';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';

/**
 * Browser walks over every entity screen mostly repeat one generic code path (web/src/crud:
 * CrudPage, SearchBar, table-columns, FieldInput): a screen differs from another only by the
 * kinds of controls and columns its definition asks for. These helpers keep one screen for each
 * such kind (for the add, edit and delete walk, also one per way an own screen changes them:
 * formFeatures), and for the audits every screen that has a page of its own. That every definition renders and
 * opens its form is checked per entity in jsdom (web/src/crud/every-entity.test.tsx), and every
 * entity's add, page, update and remove through HTTP (gateway/test/entity-walk.test.ts).
 */

/**
 * The fewest items whose features together are every feature of the whole list (greedy set
 * cover; ties go to the earlier item, so the choice is stable). Items are kept in list order.
 */
export function representatives<T>(items: readonly T[], features: (item: T) => readonly string[]): T[] {
  const sets = items.map((item) => new Set(features(item)));
  const missing = new Set(sets.flatMap((s) => [...s]));
  const chosen = new Set<number>();
  while (missing.size) {
    let best = -1;
    let gain = 0;
    sets.forEach((s, i) => {
      const g = [...s].filter((f) => missing.has(f)).length;
      if (g > gain) [best, gain] = [i, g];
    });
    chosen.add(best);
    sets[best]!.forEach((f) => missing.delete(f));
  }
  return items.filter((_, i) => chosen.has(i));
}

const VIEW_REGISTRY = new URL('../../../web/src/app/view-registry.ts', import.meta.url);

/** The `entityScreens` entries of web/src/app/view-registry.ts: entity name → the loader's source text. */
function entityScreenEntries(): Map<string, string> {
  const source = readFileSync(VIEW_REGISTRY, 'utf8');
  const block = /const entityScreens[^=]*=\s*\{([\s\S]*?)\n\};/.exec(source)?.[1];
  if (!block) throw new Error('web/src/app/view-registry.ts: entityScreens not found; update support/representatives.ts');
  return new Map([...block.matchAll(/^\s+(\w+):\s*(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
}

/**
 * Entities whose screen is a page of its own, not the generic one: the keys of `entityScreens`
 * in web/src/app/view-registry.ts (read from the source so that a new page is walked at once).
 */
export function ownScreens(): Set<string> {
  return new Set(entityScreenEntries().keys());
}

/**
 * The CrudPage properties that change what an add, edit or delete does or shows (its list
 * source, query, columns, form defaults, cascade, success message); the others only add buttons
 * and dialogs of the screen's own, which the workflow and forward specs open.
 */
const FLOW_PROPS = ['source', 'params', 'columns', 'formDefaults', 'cascade', 'successMessage'] as const;

/**
 * The flow properties an own screen passes to CrudPage: read from its module (the loader's
 * import, or the helper's the loader calls) and the modules of its folder it renders through.
 */
export function screenFlowProps(entityName: string): string[] {
  const registry = readFileSync(VIEW_REGISTRY, 'utf8');
  const loader = entityScreenEntries().get(entityName);
  if (!loader) return [];
  const helper = /^(\w+)\(/.exec(loader)?.[1];
  const spec = /import\('([^']+)'\)/.exec(helper ? (new RegExp(`const ${helper} =[\\s\\S]*?import\\('([^']+)'\\)`).exec(registry)?.[0] ?? '') : loader)?.[1];
  if (!spec) throw new Error(`web/src/app/view-registry.ts: no module for ${entityName}; update support/representatives.ts`);
  const file = new URL(`${spec}.tsx`, VIEW_REGISTRY);
  const text = readFileSync(file, 'utf8');
  // Screens built on a shared one of their folder (RowCallScreen, GrantScreen, DictScreen …).
  const siblings = [...text.matchAll(/from '\.\/(\w+Screen)'/g)].map((m) => readFileSync(new URL(`./${m[1]}.tsx`, file), 'utf8'));
  const all = [text, ...siblings].join('\n');
  return FLOW_PROPS.filter((p) => new RegExp(`\\b${p}=\\{`).test(all));
}

/** The control web/src/crud/FieldInput.tsx renders for a field (in the search bar or the form). */
export function controlOf(d: FieldDef, search: boolean): string {
  const target = d.ref && entityByName(d.ref.entity);
  if (target) return `ref-${target.tree ? 'tree' : 'list'}${d.ref!.multiple && !search ? '-multiple' : ''}`;
  if (d.dict) return `dropdown-${d.kind}`;
  if (d.kind === 'bool') return search ? 'dropdown-bool' : 'switch';
  if (d.kind === 'int' || d.kind === 'decimal' || d.kind === 'date' || d.kind === 'datetime') return d.kind;
  if (d.writeOnly && !search) return 'password';
  if ((d.multiline || d.kind === 'json') && !search) return 'textarea';
  return d.pattern ? 'text-pattern' : 'text';
}

const fieldsOf = (e: AnyEntity) => Object.entries(e.fields as Record<string, FieldDef>);

/** What a list screen shows: its own page or the generic one, table or tree, search controls, column kinds, buttons left out. */
export function listFeatures(entity: AnyEntity, without: readonly string[], own = ownScreens()): string[] {
  if (own.has(entity.name)) return [`own screen ${entity.name}`];
  const fields = fieldsOf(entity);
  return [
    entity.tree ? 'tree table' : 'table',
    ...fields.filter(([, d]) => d.search).map(([, d]) => `search ${controlOf(d, true)} ${d.search}`),
    ...fields.filter(([, d]) => (d.list ?? !d.writeOnly) && !d.writeOnly).map(([, d]) => `column ${d.dict ? 'dict' : d.ref ? 'ref' : d.multiline ? 'multiline' : d.kind}`),
    ...without.map((w) => `without ${w}`),
  ];
}

/**
 * What an add, edit and delete through a screen depends on: the list screen's kinds (those of
 * the generic screen for an own screen too, which renders the same CrudPage and form from the
 * same definition), the controls of its add form, and for an own screen each flow property it
 * passes to CrudPage (screenFlowProps). An own screen's other parts (its buttons and dialogs)
 * are opened by workflows.spec.ts, forward.spec.ts and live-map.spec.ts, and each own screen is
 * audited by a11y.spec.ts.
 */
export function formFeatures(entity: AnyEntity, without: readonly string[], own = ownScreens()): string[] {
  return [
    ...listFeatures(entity, without, new Set()),
    ...(own.has(entity.name) ? screenFlowProps(entity.name).map((p) => `screen ${p}`) : []),
    ...fieldsOf(entity).filter(([, d]) => d.form !== false && !d.readOnly).map(([, d]) => `${d.required ? 'required' : 'optional'} ${controlOf(d, false)}`),
  ];
}
