import { createHash } from 'node:crypto';
import { systemPrincipal } from '../src/crud/principal.ts';
import { postJson } from './test-gateway.ts';
import type { SignedInGateway } from './signed-in-gateway.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The id of a seeded menu or button by its code. */
export async function menuIdOf(setup: SignedInGateway, code: string): Promise<string> {
  return (await setup.gw.json(`/api/wdiov-system/menu/page?code_equal=${code}`, { token: setup.token })).body.data.records[0].id as string;
}

/**
 * A user of a role and dept of their own, holding `codes` (menus and buttons) and
 * `dataScopeIds`, signed in; `grant` re-grants the role with more codes.
 */
export async function clerkWith(setup: SignedInGateway, account: string, codes: string[], dataScopeIds: string[] = []) {
  const { gw } = setup;
  const sys = systemPrincipal('000000');
  const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: account, roleAlias: account, sort: 1 });
  const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: account, fullName: account, sort: 1, deptCategory: 1 });
  const userId = await gw.repos.get('user').insert(sys, { account, realName: account, password: md5('pw'), roleId, deptId });
  const grant = async (more: string[] = []) => {
    const menuIds = await Promise.all([...codes, ...more].map((code) => menuIdOf(setup, code)));
    const res = (await gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [roleId], menuIds, dataScopeIds, apiScopeIds: [] }, setup.token))).body;
    if (res.code !== 200) throw new Error(`grant refused: ${res.msg}`);
  };
  await grant();
  return { token: await gw.signIn(account, 'pw'), grant, userId, deptId };
}
