import type { Context } from 'hono';
import type { AnyEntity } from '@wdiov/contracts';
import type { AppBindings } from '../lib/types.ts';
import { idString, languageOf, Msg, parseIdList, parseListQuery } from '@wdiov/contracts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { commonText } from '../lib/texts/common-text.ts';
import { createRouter } from '../lib/create-app.ts';
import { data, success } from '../lib/envelope.ts';
import { parseWith, queryObject, readJson } from '../lib/read-input.ts';
import type { Repository } from './repository.ts';
import { treeNodes } from './tree.ts';

/** The list query of a request, with paging and filters checked (a clear 400 otherwise). */
export function listQueryOf(query: Record<string, string>, reserved: string[] = [], utcOffsetMin?: number) {
  const parsed = parseListQuery(query, { reserved, utcOffsetMin });
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.query;
}

export interface CrudHooks {
  /** Called after a successful add/update/remove (cache invalidation, events). */
  afterWrite?: (entity: AnyEntity) => void;
}

/**
 * The generic routes of an entity, BladeX style, mounted at its base path:
 * GET list | page | detail?id=, POST submit (JSON; no id = add) | remove?ids=1,2 (or ?id=).
 */
export function crudRouter(repo: Repository, hooks: CrudHooks = {}) {
  const { entity } = repo;
  const router = createRouter();

  const page = async (c: Context<AppBindings>) => {
    const query = listQueryOf(queryObject(c));
    return data(c, await repo.page(c.get('principal'), query));
  };
  router.get('/list', page);
  router.get('/page', page);

  if (entity.tree) {
    // Tree entities (org, sales region …) also answer their whole tree as TreeNodes.
    const title = entity.tree.title;
    router.get('/tree', async (c) => data(c, treeNodes(await repo.all(c.get('principal'), { ...listQueryOf(c.req.query()), ascs: ['sort'].filter((f) => entity.columns.has(f)) }), title)));
  }

  router.get('/detail', async (c) => {
    const id = parseWith(idString, c.req.query('id') ?? '');
    const record = await repo.detail(c.get('principal'), id);
    if (!record) throw notFound(crudText('missing', { label: entity.title, id }));
    return data(c, record);
  });

  router.post('/submit', async (c) => {
    const body = await readJson(c);
    const principal = c.get('principal');
    const rawId = body && typeof body === 'object' ? (body as Record<string, unknown>).id : undefined;
    // Field messages in the caller's language (Accept-Language; Chinese when it names neither).
    const schemas = entity.submitSchemaIn(languageOf(c.req.header('accept-language')));
    if (rawId === undefined || rawId === null || rawId === '') {
      const values = parseWith(schemas.add, body);
      await repo.insert(principal, values);
      hooks.afterWrite?.(entity);
      return success(c, Msg.added);
    }
    const id = parseWith(idString, rawId);
    const { id: _ignored, ...rest } = body as Record<string, unknown>;
    const values = parseWith(schemas.update, rest);
    if (!(await repo.update(principal, id, values))) throw notFound(crudText('missing', { label: entity.title, id }));
    hooks.afterWrite?.(entity);
    return success(c, Msg.updated);
  });

  router.post('/remove', async (c) => {
    const raw = c.req.query(entity.removeBy === 'id' ? 'id' : 'ids') ?? c.req.query('ids') ?? c.req.query('id');
    const ids = parseIdList(raw);
    if (!ids) throw badRequest(commonText('idList', { key: 'ids' }));
    const removed = await repo.remove(c.get('principal'), ids);
    if (removed === 0) throw notFound(crudText('noneRemoved', { label: entity.title }));
    hooks.afterWrite?.(entity);
    return success(c, Msg.removed);
  });

  return router;
}
