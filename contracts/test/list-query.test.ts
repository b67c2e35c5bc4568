import { describe, expect, it } from 'vitest';
import { FILTER_SUFFIXES, parseListQuery, escapeLike, splitSuffix } from '../src/wire/list-query.ts';

const ok = (q: Record<string, string>) => {
  const r = parseListQuery(q);
  if (!r.ok) throw new Error(r.message);
  return r.query;
};

describe('parseListQuery', () => {
  it('applies BladeX defaults', () => {
    expect(ok({})).toEqual({ current: 1, size: 10, ascs: [], descs: [], filters: [] });
  });

  it('reads paging and converts sort names to snake_case', () => {
    const q = ok({ current: '3', size: '50', ascs: 'sort,createTime', descs: 'update_time' });
    expect(q.current).toBe(3);
    expect(q.size).toBe(50);
    expect(q.ascs).toEqual(['sort', 'create_time']);
    expect(q.descs).toEqual(['update_time']);
  });

  it.each([
    ['current', 'abc'], ['current', '-1'], ['current', '0'], ['current', '1.5'],
    ['size', '501'], ['size', 'ten'], ['size', '0'],
  ])('refuses malformed %s=%s', (key, value) => {
    const r = parseListQuery({ [key]: value });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.key).toBe(key);
  });

  it('maps every suffix to its operator and the field to its column', () => {
    const ops = FILTER_SUFFIXES.filter((s) => s !== 'ignore');
    for (const op of ops) {
      const value = op.startsWith('date') ? '2024-05-01 10:00:00' : 'x';
      const q = ok({ [`releaseTime_${op}`]: value });
      expect(q.filters).toHaveLength(1);
      expect(q.filters[0]).toMatchObject({ field: 'releaseTime', column: 'release_time', op });
    }
  });

  it('treats a key without suffix as LIKE and drops empty values and _ignore', () => {
    const q = ok({ realName: '张', account: '', deptId_ignore: '5', phone: '   ' });
    expect(q.filters).toEqual([{ key: 'realName', field: 'realName', column: 'real_name', op: 'like', value: '张' }]);
  });

  it('types date filters in the console zone', () => {
    const q = ok({ createTime_dategt: '2024-01-01 08:00:00', createTime_datelt: '2024-01-02' });
    expect(q.filters[0]!.value).toEqual(new Date('2024-01-01T00:00:00Z'));
    expect(q.filters[1]!.value).toEqual(new Date('2024-01-01T16:00:00Z'));
    expect(parseListQuery({ createTime_dategt: '2024-02-30 00:00:00' }).ok).toBe(false);
    expect(parseListQuery({ createTime_datelt: 'yesterday' }).ok).toBe(false);
  });

  it('refuses keys and sort names that are not identifiers', () => {
    for (const bad of ["name;drop table x", "a'b", 'x--', '1abc', 'a b']) {
      const r = parseListQuery({ [bad]: 'v' });
      expect(r.ok, bad).toBe(false);
    }
    expect(parseListQuery({ ascs: 'id;delete from wdiov_user' }).ok).toBe(false);
    expect(parseListQuery({ descs: 'create_time desc' }).ok).toBe(false);
  });

  it('skips reserved keys', () => {
    expect(ok({ deptId: '1', 'Wdiov-Auth': 'bearer x' } as Record<string, string>).filters).toHaveLength(1);
    const r = parseListQuery({ deptId: '1' }, { reserved: ['deptId'] });
    expect(r.ok && r.query.filters).toEqual([]);
  });

  it('splits suffixes only at a known one', () => {
    expect(splitSuffix('user_name')).toEqual({ field: 'user_name', suffix: null });
    expect(splitSuffix('name_notlike')).toEqual({ field: 'name', suffix: 'notlike' });
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
