import { createHash } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import { badRequest } from '../lib/api-error.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { hashPassword, MD5_HEX } from '../auth/password.ts';
import type { Principal } from './principal.ts';
import { checkPlatformSettings } from '../forward/platform-settings.ts';
import type { Repository } from './repository.ts';
import { entityList, REGION_ROOT, type AnyEntity, type EntityName } from '@wdiov/contracts';

export interface WriteContext {
  repo: Repository;
  principal: Principal;
  mode: 'add' | 'update';
  id: string;
  /** Repository of another entity (to read a parent, a param …). */
  other(name: EntityName): Repository;
  /**
   * Makes an update conditional on the stored row still meeting `where` when the statement runs
   * (a check read before it could be overtaken by a concurrent write); when it no longer does,
   * nothing is written and `refusal` tells why.
   */
  guard?(where: SQL, refusal: () => Promise<Error>): void;
}

/** Entity-specific preparation of a validated submit, beside the generic engine. */
export type Prepare = (values: Record<string, unknown>, ctx: WriteContext) => Promise<Record<string, unknown>>;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Trees whose definition names an ancestors field keep it as '0,<root id>,…,<parent id>' (so
 * "this node and below" is one LIKE), from the parent's; a node may not move below itself.
 */
const treeAncestors = (parentField: string, ancestorsField: string): Prepare => async (values, { repo, principal, id }) => {
  if (values[parentField] === undefined) return values;
  const parentId = String(values[parentField] || '0');
  if (parentId === '0') return { ...values, [parentField]: parentId, [ancestorsField]: '0' };
  const parent = await repo.findRow(principal, parentId);
  if (!parent) throw badRequest(`${crudText('parentMissing', { id: parentId })} [${parentField}]`);
  const ancestors = `${String(parent[ancestorsField] ?? '0')},${parentId}`;
  if (ancestors.split(',').includes(id)) throw badRequest(`${crudText('parentBelowSelf')} [${parentField}]`);
  return { ...values, [ancestorsField]: ancestors };
};

/**
 * Users: the password arrives as md5 hex (the console hashes it) and is stored as argon2id;
 * an add without one gets the `account.initPassword` parameter. Updates never change it
 * (reset-password and update-password do).
 */
const userPassword: Prepare = async (values, { mode, other, principal }) => {
  const { password, ...rest } = values;
  if (mode === 'update') return rest;
  let md5Hex = typeof password === 'string' && password !== '' ? password : undefined;
  if (md5Hex && !MD5_HEX.test(md5Hex)) throw badRequest(`${crudText('passwordNotMd5')} [password]`);
  if (!md5Hex) {
    const params = other('param');
    const [row] = await params.db.select({ v: params.columns.paramValue! }).from(params.table)
      .where(and(eq(params.columns.paramKey!, 'account.initPassword'), eq(params.columns.isDeleted!, 0))).limit(1);
    md5Hex = md5(String(row?.v ?? '123456'));
  }
  void principal;
  return { ...rest, password: await hashPassword(md5Hex) };
};

/** A live region by its code, or undefined. */
export async function regionByCode(repo: Repository, code: string): Promise<Record<string, unknown> | undefined> {
  const c = repo.columns;
  const [row] = await repo.db.select().from(repo.table).where(and(eq(c.code!, code), eq(c.isDeleted!, 0))).limit(1);
  return row as Record<string, unknown> | undefined;
}

const PLACE_LEVELS = [[1, 'province'], [2, 'city'], [3, 'district']] as const;

/**
 * Regions know their ancestors and the province, city and district they lie in (so an address
 * resolves in one read), taken from the parent region; the region's own level names itself.
 */
const regionPlace: Prepare = async (values, { repo, principal, mode, id }) => {
  const touches = ['code', 'parentCode', 'name', 'regionLevel'].some((k) => values[k] !== undefined);
  if (mode === 'update' && !touches) return values;
  const stored = mode === 'update' ? await repo.findRow(principal, id) : undefined;
  const record = { ...stored, ...values };
  const parentCode = String(record.parentCode || REGION_ROOT);
  const parent = parentCode === REGION_ROOT ? undefined : await regionByCode(repo, parentCode);
  if (parentCode !== REGION_ROOT && !parent) throw badRequest(`${crudText('parentRegionMissing', { code: parentCode })} [parentCode]`);
  const ancestors = parent ? `${String(parent.ancestors ?? REGION_ROOT)},${parentCode}` : REGION_ROOT;
  if (ancestors.split(',').includes(String(record.code))) throw badRequest(`${crudText('parentRegionBelowSelf')} [parentCode]`);
  // Regions below one find it by its code: a region with regions below keeps its code and its place.
  if (stored && (String(record.code) !== String(stored.code) || parentCode !== String(stored.parentCode || REGION_ROOT))) {
    const c = repo.columns;
    const [child] = await repo.db.select({ id: c.id! }).from(repo.table).where(and(eq(c.parentCode!, String(stored.code)), eq(c.isDeleted!, 0))).limit(1);
    if (child) throw badRequest(`${crudText('regionHasChildren')} [code]`);
  }
  const place: Record<string, unknown> = { parentCode, ancestors };
  for (const [level, key] of PLACE_LEVELS) {
    const own = Number(record.regionLevel) === level;
    place[`${key}Code`] = own ? record.code : (parent?.[`${key}Code`] ?? null);
    place[`${key}Name`] = own ? record.name : (parent?.[`${key}Name`] ?? null);
  }
  return { ...values, ...place };
};

/** Preparations beyond what definitions declare, attached by the entity's typed name. */
const OWN: { readonly [N in EntityName]?: Prepare } = {
  forwardPlatform: checkPlatformSettings,
  region: regionPlace,
  user: userPassword,
};

const inOrder = (steps: readonly Prepare[]): Prepare => async (values, ctx) => {
  let out = values;
  for (const step of steps) out = await step(out, ctx);
  return out;
};

/** An entity's preparation of a validated submit: what its definition declares, then its own; undefined when none. */
export function prepareOf(entity: AnyEntity): Prepare | undefined {
  const steps: Prepare[] = [];
  if (entity.tree?.ancestors) steps.push(treeAncestors(entity.tree.parent, entity.tree.ancestors));
  const own = OWN[entity.name as EntityName];
  if (own) steps.push(own);
  return steps.length > 1 ? inOrder(steps) : steps[0];
}

/** The preparations of a registry's entities, by name (those without one left out). */
export function behavioursOf(list: readonly AnyEntity[]): Record<string, Prepare> {
  return Object.fromEntries(list.flatMap((e) => {
    const prepare = prepareOf(e);
    return prepare ? [[e.name, prepare] as const] : [];
  }));
}

export const BEHAVIOURS = behavioursOf(entityList);
