import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entities } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import { postJson } from '../../test/test-gateway.ts';
import { signedInGateway } from '../../test/signed-in-gateway.ts';
import { snapshot } from '../../test/db-snapshot.ts';

/**
 * The seeded back-office roles: an operator submits and deploys but cannot audit, an auditor
 * audits but cannot submit or deploy; a refusal is a 403 that changes nothing, and the buttons
 * the console gets are exactly the calls allowed.
 */
const setup = signedInGateway();
const DISPATCH = entities.dispatch.basePath;
const BILL = entities.bill.basePath;
const TABLES = [entities.dispatch.table, entities.bill.table, 'wdiov_workflow_trail'];

/** A user of the seeded role `alias`, signed in; answers the token. */
async function userOf(alias: string): Promise<string> {
  const { gw, token } = setup;
  const role = (await gw.json(`/api/wdiov-system/role/page?roleAlias_equal=${alias}`, { token })).body.data.records[0];
  expect(role, alias).toBeDefined();
  const sys = systemPrincipal('000000');
  const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: `${alias}-dept`, fullName: `${alias}-dept`, sort: 1, deptCategory: 1 });
  await gw.repos.get('user').insert(sys, { account: alias, realName: alias, password: createHash('md5').update('pw').digest('hex'), roleId: role.id, deptId });
  return gw.signIn(alias, 'pw');
}

const call = async (path: string, body: unknown, token: string) => (await setup.gw.json(path, postJson(body, token))).body;

async function refused(path: string, body: unknown, token: string) {
  const before = await snapshot(setup.gw.database.db, TABLES);
  expect(await call(path, body, token)).toMatchObject({ code: 403, success: false, msg: '缺少操作权限' });
  expect(await snapshot(setup.gw.database.db, TABLES)).toEqual(before);
}

async function buttonCodes(token: string): Promise<string[]> {
  const codes: string[] = [];
  const walk = (nodes: { code: string; category: number; children?: unknown[] }[]) =>
    nodes.forEach((n) => { if (n.category === 2) codes.push(n.code); walk((n.children ?? []) as never); });
  walk((await setup.gw.json('/api/wdiov-system/menu/buttons', { token })).body.data);
  return codes;
}

describe('seeded workflow roles', () => {
  it('let an operator submit and deploy, never audit', async () => {
    const operator = await userOf('operator');
    const dispatch = await setup.samples.create(entities.dispatch);
    const bill = await setup.samples.create(entities.bill);
    expect((await call(`${DISPATCH}/submit`, { id: dispatch, dispatchStatus: 2 }, operator)).code).toBe(200);
    expect((await call(`${DISPATCH}/toDeploy`, { id: dispatch }, operator)).code).toBe(200);
    await refused(`${BILL}/audit`, { id: bill, billStatus: 2 }, operator);
    const codes = await buttonCodes(operator);
    expect(codes).toEqual(expect.arrayContaining(['dispatch_deploy', 'bill_add', 'bill_edit', 'vehicle_pm_sales', 'storage_record_add']));
    expect(codes).not.toContain('bill_audit');
  });

  it('let an auditor audit, never submit or deploy', async () => {
    const auditor = await userOf('auditor');
    const dispatch = await setup.samples.create(entities.dispatch);
    const bill = await setup.samples.create(entities.bill);
    await refused(`${DISPATCH}/submit`, { id: dispatch, dispatchStatus: 2 }, auditor);
    await refused(`${BILL}/submit`, { billNo: 'ZD-AUDITOR-1' }, auditor);
    expect((await call(`${BILL}/audit`, { id: bill, billStatus: 3, auditOpinion: '缺票据' }, auditor)).code).toBe(200);
    expect((await setup.gw.json(`${BILL}/detail?id=${bill}`, { token: auditor })).body.data.billStatus).toBe(3);
    const codes = await buttonCodes(auditor);
    expect(codes).toContain('bill_audit');
    expect(codes).not.toContain('dispatch_deploy');
    expect(codes).not.toContain('bill_add');
  });
});
