import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrincipal } from './principal.ts';
import { ApiError } from '../lib/api-error.ts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
});
afterAll(() => gw.dispose());

const sys = systemPrincipal('000000');
const post = (i: number) => ({ category: 1, postCode: `bulk${i}`, postName: `批量岗位${i}`, sort: i });

describe('insertMany', () => {
  it('stores every row with the columns insert would give it, in the caller tenant', async () => {
    const posts = gw.repos.get('post');
    const ids = await posts.insertMany(sys, Array.from({ length: 1200 }, (_, i) => post(i)));
    expect(new Set(ids).size).toBe(1200);
    const row = await posts.detail(sys, ids[7]!);
    expect(row).toMatchObject({ postCode: 'bulk7', postName: '批量岗位7', tenantId: '000000', isDeleted: 0, status: 1 });
    expect((await posts.page(sys, { current: 1, size: 1, filters: [], ascs: [], descs: [] })).total).toBeGreaterThanOrEqual(1200);
  });

  it('refuses the whole call when one row clashes with a stored one, and writes none of it', async () => {
    const posts = gw.repos.get('post');
    const before = (await posts.page(sys, { current: 1, size: 1, filters: [], ascs: [], descs: [] })).total;
    // bulk3 is stored already: the unique code is checked against stored rows.
    await expect(posts.insertMany(sys, [post(5000), post(3)])).rejects.toBeInstanceOf(ApiError);
    expect((await posts.page(sys, { current: 1, size: 1, filters: [], ascs: [], descs: [] })).total).toBe(before);
  });
});
