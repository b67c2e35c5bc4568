import { areaList } from '@vant/area-data';
import { eq } from 'drizzle-orm';
import { REGION_ROOT } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { regionTable } from '../db/schema/index.ts';
import { bulkInsert, bulkTarget } from '../db/bulk-insert.ts';


/** Dictionary `region` levels. */
export const REGION_LEVEL = { province: 1, city: 2, district: 3 } as const;

export interface RegionRow {
  code: string;
  parentCode: string;
  ancestors: string;
  name: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
  regionLevel: number;
  sort: number;
}

/**
 * The GB/T 2260 provinces, cities and districts of the `@vant/area-data` package (34
 * provincial-level divisions; a municipality's city level carries its own name, as pickers show
 * it). Each row knows its province and city, so an address resolves without walking the tree.
 */
export function regionRows(): RegionRow[] {
  const { province_list: provinces, city_list: cities, county_list: counties } = areaList;
  const rows: RegionRow[] = [];
  const sortIn = new Map<string, number>();
  const next = (parent: string) => {
    const n = (sortIn.get(parent) ?? 0) + 1;
    sortIn.set(parent, n);
    return n;
  };
  const byCode = (list: Record<string, string>) => Object.entries(list).sort(([a], [b]) => a.localeCompare(b));
  for (const [code, name] of byCode(provinces)) {
    rows.push({ code, parentCode: REGION_ROOT, ancestors: REGION_ROOT, name, provinceCode: code, provinceName: name, cityCode: null, cityName: null, districtCode: null, districtName: null, regionLevel: REGION_LEVEL.province, sort: next(REGION_ROOT) });
  }
  for (const [code, name] of byCode(cities)) {
    const province = `${code.slice(0, 2)}0000`;
    const provinceName = provinces[province];
    if (!provinceName) continue;
    rows.push({ code, parentCode: province, ancestors: `${REGION_ROOT},${province}`, name, provinceCode: province, provinceName, cityCode: code, cityName: name, districtCode: null, districtName: null, regionLevel: REGION_LEVEL.city, sort: next(province) });
  }
  for (const [code, name] of byCode(counties)) {
    const province = `${code.slice(0, 2)}0000`;
    const city = `${code.slice(0, 4)}00`;
    const provinceName = provinces[province];
    const cityName = cities[city];
    if (!provinceName || !cityName) continue;
    rows.push({ code, parentCode: city, ancestors: `${REGION_ROOT},${province},${city}`, name, provinceCode: province, provinceName, cityCode: city, cityName, districtCode: code, districtName: name, regionLevel: REGION_LEVEL.district, sort: next(city) });
  }
  return rows;
}

/** Imported rows take their code as id: unique, stable across databases, and a second import of the same row clashes harmlessly. */
const regionTarget = bulkTarget<RegionRow>('wdiov_region', [
  { name: 'id', type: 'bigint', value: (r) => r.code },
  { name: 'code', type: 'text', value: (r) => r.code },
  { name: 'parent_code', type: 'text', value: (r) => r.parentCode },
  { name: 'ancestors', type: 'text', value: (r) => r.ancestors },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'province_code', type: 'text', value: (r) => r.provinceCode },
  { name: 'province_name', type: 'text', value: (r) => r.provinceName },
  { name: 'city_code', type: 'text', value: (r) => r.cityCode },
  { name: 'city_name', type: 'text', value: (r) => r.cityName },
  { name: 'district_code', type: 'text', value: (r) => r.districtCode },
  { name: 'district_name', type: 'text', value: (r) => r.districtName },
  { name: 'region_level', type: 'integer', value: (r) => r.regionLevel },
  { name: 'sort', type: 'integer', value: (r) => r.sort },
], { conflict: ['id'] });

/**
 * First start: fills the region table from the dataset. Runs once per database: once any
 * imported province is there (even removed by an administrator), the table is left as it is, so
 * an operator's removals and edits stay. Answers the number of rows added.
 */
export async function ensureRegions(db: Db): Promise<number> {
  const [found] = await db.select({ id: regionTable.id }).from(regionTable).where(eq(regionTable.code, BEIJING)).limit(1);
  if (found) return 0;
  // A database older than the import may hold regions an operator entered under their GB/T codes (and other ids):
  // those stay as they are, and the dataset's row for the same code is left out (codes are unique among live rows).
  const entered = await db.select({ code: regionTable.code }).from(regionTable).where(eq(regionTable.isDeleted, 0));
  const taken = new Set(entered.map((r) => r.code));
  return bulkInsert(db, regionTarget, regionRows().filter((r) => !taken.has(r.code)));
}

/** An imported province: its presence means the import ran. */
const BEIJING = '110000';
