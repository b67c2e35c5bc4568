import { describe, expect, it } from 'vitest';
import { entityList, type AnyEntity, type FieldDef } from '@wdiov/contracts';
import { postJson } from './test-gateway.ts';
import { signedInGateway } from './signed-in-gateway.ts';
import { snapshot, tablesOf } from './db-snapshot.ts';

/**
 * Bad input on every entity route, generated from the registry: each case answers code 400
 * with a msg naming the field, and the tables the entity's routes can write are unchanged
 * (db-snapshot.ts tablesOf; fingerprinting the whole database per entity made this walk the
 * suite's slowest file).
 */
const setup = signedInGateway();

type Case = [label: string, body: Record<string, unknown>, expected: RegExp];

function cases(entity: AnyEntity, valid: Record<string, unknown>): Case[] {
  const fields = Object.entries(entity.fields) as [string, FieldDef][];
  const out: Case[] = [];
  const required = fields.find(([, d]) => d.required && !d.readOnly);
  if (required) {
    const { [required[0]]: _gone, ...rest } = valid;
    out.push(['missing required field', rest, new RegExp(`\\[${required[0]}\\]`)]);
  }
  const text = fields.find(([, d]) => d.kind === 'text' && !d.readOnly);
  if (text) {
    out.push(['wrong type', { ...valid, [text[0]]: { nested: true } }, new RegExp(`\\[${text[0]}\\]`)]);
    const max = text[1].max ?? (text[1].multiline ? 2000 : 255);
    out.push(['oversize string', { ...valid, [text[0]]: 'x'.repeat(max + 1) }, new RegExp(`\\[${text[0]}\\]`)]);
  }
  const num = fields.find(([, d]) => (d.kind === 'int' || d.kind === 'decimal') && !d.readOnly);
  if (num) out.push(['text in a number', { ...valid, [num[0]]: 'many' }, new RegExp(`\\[${num[0]}\\]`)]);
  out.push(['malformed id on update', { ...valid, id: '12ab' }, /无效的ID/]);
  return out;
}

describe.each(entityList.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  it('refuses bad submits, ids and queries with code 400 naming the problem, writing nothing', async () => {
    const { gw, token, samples } = setup;
    const valid = await samples.sample(entity);
    const tables = tablesOf(entity);
    const before = await snapshot(gw.database.db, tables);
    for (const [label, body, expected] of cases(entity, valid)) {
      const { status, body: res } = await gw.json(`${entity.basePath}/submit`, postJson(body, token));
      expect(res.code, `${label}: ${res.msg}`).toBe(400);
      expect(res.msg, label).toMatch(expected);
      expect(status).toBeLessThan(500);
    }
    for (const path of [`detail?id=1;drop`, `remove?${entity.removeBy === 'id' ? 'id' : 'ids'}=1,x`, 'page?size=abc', 'page?descs=1=1']) {
      const { body: res } = await gw.json(`${entity.basePath}/${path}`, { method: path.startsWith('remove') ? 'POST' : 'GET', token });
      expect(res.code, `${path}: ${res.msg}`).toBe(400);
    }
    // A key the entity does not have is ignored, as BladeX ignores it: the same page as without it.
    const [plain, extra] = [await gw.json(`${entity.basePath}/page`, { token }), await gw.json(`${entity.basePath}/page?nosuchfield_equal=1`, { token })];
    expect(extra.body.code, `nosuchfield: ${extra.body.msg}`).toBe(200);
    expect(extra.body.data.total).toBe(plain.body.data.total);
    expect(await snapshot(gw.database.db, tables)).toEqual(before);
  });
});
