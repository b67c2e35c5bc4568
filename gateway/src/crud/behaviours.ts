import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../lib/api-error.ts';
import { hashPassword, MD5_HEX } from '../auth/password.ts';
import type { Principal } from './principal.ts';
import type { Repository } from './repository.ts';

export interface WriteContext {
  repo: Repository;
  principal: Principal;
  mode: 'add' | 'update';
  id: string;
  /** Repository of another entity (to read a parent, a param …). */
  other(name: string): Repository;
}

/** Entity-specific preparation of a validated submit, beside the generic engine. */
export type Prepare = (values: Record<string, unknown>, ctx: WriteContext) => Promise<Record<string, unknown>>;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** Trees keep `ancestors` ('0,<root id>,…,<parent id>') so "dept and below" is one LIKE. */
const treeAncestors: Prepare = async (values, { repo, principal, id }) => {
  if (values.parentId === undefined) return values;
  const parentId = String(values.parentId || '0');
  if (parentId === '0') return { ...values, parentId, ancestors: '0' };
  const parent = await repo.findRow(principal, parentId);
  if (!parent) throw badRequest(`上级不存在: ${parentId} [parentId]`);
  const ancestors = `${String(parent.ancestors ?? '0')},${parentId}`;
  if (ancestors.split(',').includes(id)) throw badRequest('上级不能是自己或自己的下级 [parentId]');
  return { ...values, ancestors };
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
  if (md5Hex && !MD5_HEX.test(md5Hex)) throw badRequest('密码须以md5摘要提交 [password]');
  if (!md5Hex) {
    const params = other('param');
    const [row] = await params.db.select({ v: params.columns.paramValue! }).from(params.table)
      .where(and(eq(params.columns.paramKey!, 'account.initPassword'), eq(params.columns.isDeleted!, 0))).limit(1);
    md5Hex = md5(String(row?.v ?? '123456'));
  }
  void principal;
  return { ...rest, password: await hashPassword(md5Hex) };
};

export const BEHAVIOURS: Record<string, Prepare> = {
  dept: treeAncestors,
  org: treeAncestors,
  salesRegion: treeAncestors,
  user: userPassword,
};
