import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { entityByName, entityList } from '@wdiov/contracts/entities/registry';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { sampleValue } from '@wdiov/contracts/entity/samples';
import { menuTree, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';
import type { ApiRows } from './api-rows.ts';
import { controlKind, dismissToasts, expectToast, pickFirst, setControl } from './crud-form.ts';

export interface EntityRoute {
  entity: AnyEntity;
  path: string;
  without: readonly string[];
}

/** Every entity screen of the seeded menu, as web/src/crud/entity-routes.ts walks it. */
export function entityRoutes(): EntityRoute[] {
  const out: EntityRoute[] = [];
  const walk = (items: MenuSeed[]) =>
    items.forEach((m) => {
      const entity = m.entity ? entityByName(m.entity) : undefined;
      if (entity && !m.ownPage) out.push({ entity, path: m.path, without: m.without ?? [] });
      walk(m.children ?? []);
    });
  walk(menuTree(entityList));
  return out;
}

/** The package screen answers `操作成功!` for every change (TenantPackagePage, spec §8). */
const ONE_TOAST: Record<string, string> = { tenantPackage: '操作成功!' };

type Entry = [string, FieldDef];
const entries = (e: AnyEntity): Entry[] => Object.entries(e.fields as Record<string, FieldDef>);
const inForm = (d: FieldDef) => d.form !== false && !d.readOnly;
const listed = (d: FieldDef) => (d.list ?? !d.writeOnly) && !d.writeOnly;
const isText = (d: FieldDef) => d.kind === 'text' && !d.dict && !d.ref && !d.writeOnly;
/** Text whose value this walk may choose freely (no format to respect). */
const isFree = (d: FieldDef) => isText(d) && !d.pattern && d.example === undefined;
/** A sample the walk makes unique (`<field>-<n>`, or a unique example with varied digits). */
const isUniqueSample = (d: FieldDef) => isText(d) && (d.example === undefined || Boolean(d.unique));

/** Navigates inside the app (no reload): the router follows popstate. */
export async function openPath(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** Waits until a list shows answered rows (no skeleton, no loading mask). */
async function settled(section: Locator): Promise<void> {
  await expect(section.locator('.p-skeleton')).toHaveCount(0);
  await expect(section.locator('.p-datatable-loading-overlay, .p-treetable-loading')).toHaveCount(0);
}

const listCall = (page: Page, base: string, want: (u: URL) => boolean) =>
  page.waitForResponse((r) => {
    const u = new URL(r.url());
    return u.pathname.startsWith(`${base}/`) && r.request().method() === 'GET' && want(u);
  });

/** What was done for one entity, printed as one line. */
export interface WalkResult {
  entity: string;
  steps: string[];
}

/**
 * One entity screen: open, search by the first search field (page reset to 1), then add a row
 * with the required fields, edit one text field and delete it, each confirmed by its toast.
 */
export async function walkEntity(page: Page, api: ApiRows, route: EntityRoute, n: number): Promise<WalkResult> {
  // The ids of the last list answer, in table order: finds a row that shows nothing unique.
  let ids: string[] = [];
  const track = async (r: Response) => {
    const u = new URL(r.url());
    if (r.request().method() !== 'GET' || !u.pathname.startsWith(`${route.entity.basePath}/`) || !/(page|list)$/.test(u.pathname)) return;
    const data = ((await r.json().catch(() => ({}))) as { data?: unknown }).data;
    const records = (Array.isArray(data) ? data : ((data as { records?: unknown[] } | undefined)?.records ?? [])) as { id?: unknown }[];
    ids = records.map((x) => String(x.id));
  };
  page.on('response', track);
  try {
    return await walk(page, api, route, n, () => ids);
  } finally {
    page.off('response', track);
  }
}

async function walk(page: Page, api: ApiRows, route: EntityRoute, n: number, shownIds: () => string[]): Promise<WalkResult> {
  const { entity } = route;
  const steps: string[] = [];
  let last = Date.now();
  const step = (text: string) => {
    steps.push(`${text} ${Date.now() - last}ms`);
    last = Date.now();
  };
  const toast = (kind: 'added' | 'updated' | 'deleted') =>
    ONE_TOAST[entity.name] ?? { added: '新增成功', updated: '更新成功', deleted: '删除成功' }[kind];
  const ctx = { dictKey: () => '', refId: () => '' };
  const value = (name: string, def: FieldDef) => sampleValue(name, def, n, ctx);

  // References with nothing to choose (in the form or the search bar) get a row through the API first.
  const fields = entries(entity);
  const [searchName, searchDef] = fields.find(([, d]) => d.search) ?? [];
  for (const [k, d] of fields) {
    const target = d.ref && (d.required || k === searchName) && d.ref.entity !== entity.name ? entityByName(d.ref.entity) : undefined;
    if (target) await api.ensureRow(target);
  }

  await openPath(page, route.path);
  // By its title: until the new screen's chunk loads, the previous screen is still shown.
  const section = page.locator(`section.wd-crud[aria-label="${entity.title.zh}"]`).first();
  await expect(section).toBeVisible();
  await settled(section);
  step('open');

  // Search: the first field of the bar. A text field gets the value the new row will carry, so
  // the filter stays on and the row is found by it; a select gets its first option, then a reset.
  const readOnly = route.without.includes('add');
  const token = !readOnly && searchDef && isText(searchDef) && inForm(searchDef) ? String(value(searchName!, searchDef)) : null;
  const bar = section.getByRole('search');
  if (searchName && (await bar.locator(`#search-${searchName}`).count())) {
    const next = section.locator('.p-paginator-next');
    if ((await next.count()) && (await next.isEnabled())) {
      const paged = listCall(page, entity.basePath, (u) => u.searchParams.get('current') === '2');
      await next.click();
      await paged;
      await settled(section);
    }
    const input = bar.locator(`#search-${searchName}`);
    const param = `${searchName}_${searchDef!.search}`;
    const shown = token ?? (isText(searchDef!) ? String(value(searchName, searchDef!)) : await pickFirst(page, input, await controlKind(input)));
    if (isText(searchDef!)) await input.fill(shown);
    const searched = listCall(page, entity.basePath, (u) => u.searchParams.has(param));
    await bar.getByRole('button', { name: '搜索' }).click();
    const url = new URL((await searched).url());
    expect(url.searchParams.get('current') ?? '1', 'a search starts again from page 1').toBe('1');
    if (isText(searchDef!)) expect(url.searchParams.get(param)).toBe(shown);
    await settled(section);
    step(`search ${param}=${shown}`);
    if (!token) {
      await bar.getByRole('button', { name: '清空' }).click();
      await settled(section);
    }
  } else step('no search bar');

  const addButton = section.getByRole('toolbar').getByRole('button', { name: '新增' });
  if (readOnly || !(await addButton.count())) {
    // Read-only lists (logs): view the first row instead.
    const view = section.locator('tbody tr').first().getByRole('button', { name: '查看' });
    if (await view.count()) {
      await view.click();
      const dialog = page.getByRole('dialog').filter({ has: page.locator('form.wd-crud-form') });
      await expect(dialog).toBeVisible();
      // The footer's close (the header's icon bears the same name).
      await dialog.locator('.p-dialog-footer').getByRole('button', { name: '关闭' }).click();
      await expect(dialog).toBeHidden();
      step('view');
    }
    step('read-only: no add/edit/delete');
    return { entity: entity.name, steps };
  }

  // The row is found by a listed text value unique to this walk (the search value when it is one).
  const formText = fields.filter(([, d]) => inForm(d) && listed(d) && isUniqueSample(d));
  const markerEntry = formText.find(([k]) => k === searchName && token) ?? formText.find(([, d]) => d.required) ?? formText[0];
  let marker = markerEntry ? String(value(...markerEntry)) : null;
  // The edit changes a free text field; the search field last, and only when a suffix keeps it matching.
  const editable = fields.filter(([k, d]) => inForm(d) && isFree(d) && (k !== searchName || (searchDef?.search === 'like' && token)));
  editable.sort(([a], [b]) => Number(a === searchName) - Number(b === searchName));
  let check = '';

  await dismissToasts(page);
  await addButton.click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('form.wd-crud-form') });
  await expect(dialog).toBeVisible();
  const filled: string[] = [];
  for (const [name, def] of fields) {
    const wanted = def.required || name === markerEntry?.[0] || (token && name === searchName) || name === editable[0]?.[0];
    const input = dialog.locator(`#crud-${name}`);
    if (!wanted || !inForm(def) || !(await input.count())) continue;
    filled.push(`${name}=${await setControl(page, input, value(name, def))}`);
  }
  await dialog.getByRole('button', { name: '提交' }).click();
  await expectToast(page, toast('added'), dialog);
  await expect(dialog).toBeHidden();
  step(`add {${filled.join(', ')}}`);

  // Without a unique listed text, the row is the new id's place in the list the table shows.
  const rows = section.locator('tbody tr');
  const newId = marker ? '' : String((await api.page(entity, { size: 1, descs: 'id' })).records[0]?.id ?? '');
  const at = async () => shownIds().indexOf(newId);
  const rowOf = () => (marker ? rows.filter({ hasText: marker }) : rows.nth(index));
  let index = -1;
  await settled(section);
  if (marker) await expect(rowOf()).toHaveCount(1);
  else {
    await expect.poll(at, { message: `new ${entity.name} ${newId} listed` }).toBeGreaterThanOrEqual(0);
    index = await at();
  }

  await dismissToasts(page);
  await rowOf().getByRole('button', { name: '编辑' }).click();
  await expect(dialog).toBeVisible();
  let edited = 'unchanged (no free text field)';
  for (const [name, def] of editable) {
    const input = dialog.locator(`#crud-${name}`);
    if (!(await input.count())) continue;
    const old = await input.inputValue();
    const next = name === searchName ? `${old}e` : `e${n}`.padEnd(def.min ?? 0, 'x');
    await input.fill(next);
    if (marker === old) marker = next;
    edited = `${name}: ${old} → ${next}`;
    if (listed(def) && marker) check = next;
    break;
  }
  await dialog.getByRole('button', { name: '提交' }).click();
  await expectToast(page, toast('updated'), dialog);
  await expect(dialog).toBeHidden();
  await settled(section);
  if (check) await expect(rowOf()).toContainText(check);
  step(`edit ${edited}`);

  await dismissToasts(page);
  await rowOf().getByRole('button', { name: '删除' }).click();
  const confirm = page.locator('.p-confirm-dialog');
  // The confirmation names the record it deletes.
  await expect(confirm).toContainText(new RegExp(`确定删除${entity.title.zh.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}「.+」\\?`));
  await confirm.locator('.p-confirm-dialog-accept').click();
  await expectToast(page, toast('deleted'));
  await settled(section);
  if (marker) await expect(rowOf()).toHaveCount(0);
  else await expect.poll(at).toBe(-1);
  step('delete');
  return { entity: entity.name, steps };
}
