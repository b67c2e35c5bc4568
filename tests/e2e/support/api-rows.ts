import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { entityByName } from '@wdiov/contracts/entities/registry';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { sampleRecord } from '@wdiov/contracts/entity/samples';
import { accessToken, authHeaders, signInByApi } from './session.ts';

type Envelope<T = unknown> = { code?: number; success?: boolean; msg?: string; data?: T };

/**
 * The gateway's API with the token the console holds: reads pages, and creates the rows a form
 * needs to pick from (a reference with nothing to choose) from the contracts' samples, as the
 * gateway's own tests do (gateway/test/entity-samples.ts).
 */
export class ApiRows {
  private dictKeys = new Map<string, string>();
  private made = new Map<string, string>();
  private counter: number;

  /**
   * `seed` starts the samples' numbers: by default a different one for every instance, since a VIN
   * is unique across the platform and the spec files share one gateway, whatever tenant they write in.
   */
  constructor(private readonly request: APIRequestContext, private readonly baseUrl: string, private readonly token: string, seed = 500 + Math.floor(Math.random() * 900_000)) {
    this.counter = seed;
  }

  static async of(page: Page, baseUrl = ''): Promise<ApiRows> {
    return new ApiRows(page.request, baseUrl, await accessToken(page));
  }

  async get<T = unknown>(path: string, params: Record<string, string | number> = {}): Promise<T> {
    const res = await this.request.get(`${this.baseUrl}${path}`, { headers: authHeaders(this.token), params });
    const body = (await res.json()) as Envelope<T>;
    if (!res.ok() || (body.code !== undefined && body.code !== 200)) throw new Error(`GET ${path}: ${res.status()} ${body.msg ?? ''}`);
    return body.data as T;
  }

  async post(path: string, data: unknown): Promise<Envelope> {
    const res = await this.request.post(`${this.baseUrl}${path}`, { headers: authHeaders(this.token), data });
    const body = (await res.json()) as Envelope;
    if (!res.ok() || (body.code !== undefined && body.code !== 200)) throw new Error(`POST ${path}: ${res.status()} ${body.msg ?? ''}`);
    return body;
  }

  /** A page of an entity (`/page`, or `/list` for trees, which have no page route of their own). */
  async page(entity: AnyEntity, params: Record<string, string | number> = {}): Promise<{ records: Record<string, unknown>[]; total: number }> {
    const data = await this.get<unknown>(`${entity.basePath}/${entity.tree ? 'list' : 'page'}`, { current: 1, size: 10, ...params });
    if (Array.isArray(data)) return { records: data as Record<string, unknown>[], total: data.length };
    const page = data as { records?: Record<string, unknown>[]; total?: number };
    return { records: page.records ?? [], total: Number(page.total ?? 0) };
  }

  async dictKey(code: string): Promise<string> {
    if (!this.dictKeys.has(code)) {
      for (const base of ['dict', 'dict-biz']) {
        const items = await this.get<{ dictKey: string }[]>(`/api/wdiov-system/${base}/dictionary`, { code });
        if (items?.[0]) {
          this.dictKeys.set(code, String(items[0].dictKey));
          break;
        }
      }
      if (!this.dictKeys.has(code)) throw new Error(`dictionary ${code} has no items`);
    }
    return this.dictKeys.get(code)!;
  }

  /** Adds a sample row (its required references first) and answers its id. */
  async create(entity: AnyEntity, overrides: Record<string, unknown> = {}): Promise<string> {
    const n = this.counter++;
    const keys = new Map<string, string>();
    const refs = new Map<string, string>();
    const fields = Object.entries(entity.fields as Record<string, FieldDef>);
    for (const [name, def] of fields) {
      if (def.dict) keys.set(def.dict, await this.dictKey(def.dict));
      const target = def.ref && def.ref.entity !== entity.name ? entityByName(def.ref.entity) : undefined;
      if (target && def.required && !(name in overrides)) refs.set(target.name, await this.ensureRow(target));
    }
    const body = sampleRecord(entity, n, { dictKey: (c) => keys.get(c)!, refId: (name) => refs.get(name) ?? '' });
    // Optional references stay empty: creating a row of every referenced entity is not needed.
    for (const [name, def] of fields) if (def.ref && !def.required) delete body[name];
    await this.post(`${entity.basePath}/submit`, { ...body, ...overrides });
    const newest = await this.page(entity, entity.tree ? {} : { size: 1, descs: 'id' });
    const id = entity.tree ? newest.records.map((r) => String(r.id)).sort().at(-1) : String(newest.records[0]?.id ?? '');
    if (!id) throw new Error(`${entity.name}: the row just added is not listed`);
    return id;
  }

  /** Any live row of the entity: the first listed one, else a new sample. */
  async ensureRow(entity: AnyEntity): Promise<string> {
    if (!this.made.has(entity.name)) {
      const { records } = await this.page(entity, { size: 1 });
      this.made.set(entity.name, records[0] ? String(records[0].id) : await this.create(entity));
    }
    return this.made.get(entity.name)!;
  }
}

/**
 * A signed-in page for specs that edit rows, with the row API beside it. Specs running beside it
 * raise live alarms, whose pop-up every admin session gets: it is docked under the page, never over
 * a row's buttons, so it stays (alarm-popup.spec.ts clicks every row action beside twenty of them).
 */
export async function rowEditingPage(browser: Browser, info: TestInfo): Promise<{ page: Page; api: ApiRows }> {
  const use = info.project.use;
  const page = await browser.newPage({ baseURL: use.baseURL, locale: use.locale, viewport: use.viewport });
  await signInByApi(page);
  return { page, api: await ApiRows.of(page, use.baseURL) };
}
