import { describe, expect, it } from 'vitest';
import type { PageData } from './crud-api';
import { ExportCancelled, fetchAllRows, type ExportProgress } from './export-rows';
import { columnName, sheetXml, toXlsx } from './xlsx';
import { strFromU8, unzipSync } from 'fflate';

const rowsOf = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: String(from + i) }));

/** A list API of `total` rows answering pages of `size`. */
function pagedApi(total: number) {
  const calls: Array<[number, number]> = [];
  const fetchPage = async (current: number, size: number): Promise<PageData> => {
    calls.push([current, size]);
    const from = (current - 1) * size;
    return { records: rowsOf(Math.max(0, Math.min(size, total - from)), from), total };
  };
  return { calls, fetchPage };
}

describe('export paging loop', () => {
  it('pages through the list with size 500 and reports rows fetched / total', async () => {
    const api = pagedApi(1200);
    const progress: ExportProgress[] = [];
    const rows = await fetchAllRows(api.fetchPage, { onProgress: (p) => progress.push(p) });
    expect(rows).toHaveLength(1200);
    expect(api.calls).toEqual([[1, 500], [2, 500], [3, 500]]);
    expect(progress).toEqual([
      { fetched: 500, total: 1200 },
      { fetched: 1000, total: 1200 },
      { fetched: 1200, total: 1200 },
    ]);
  });

  it('stops after one call for an unpaged (tree) answer', async () => {
    const calls: number[] = [];
    const rows = await fetchAllRows(async (current) => {
      calls.push(current);
      return { records: rowsOf(3), total: 3 };
    });
    expect(rows).toHaveLength(3);
    expect(calls).toEqual([1]);
  });

  it('stops at once when cancelled, asking for no further page', async () => {
    const api = pagedApi(5000);
    const abort = new AbortController();
    const run = fetchAllRows(api.fetchPage, {
      signal: abort.signal,
      onProgress: (p) => p.fetched >= 1000 && abort.abort(),
    });
    await expect(run).rejects.toBeInstanceOf(ExportCancelled);
    expect(api.calls).toHaveLength(2);
  });
});

describe('xlsx export', () => {
  it('names columns A..Z, AA..', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes escaped inline strings and numbers in a zip package', () => {
    expect(sheetXml(['名称'], [['a<b&"c"', 3]])).toContain(
      '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">a&lt;b&amp;&quot;c&quot;</t></is></c><c r="B2"><v>3</v></c></row>',
    );
    const zip = toXlsx('车辆/报表', ['车牌号'], [['粤B12345']]);
    expect([...zip.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const parts = unzipSync(zip);
    expect(Object.keys(parts).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(strFromU8(parts['xl/worksheets/sheet1.xml']!)).toContain('<t xml:space="preserve">粤B12345</t>');
    // Sheet names cannot hold a slash.
    expect(strFromU8(parts['xl/workbook.xml']!)).toContain('<sheet name="车辆 报表" sheetId="1" r:id="rId1"/>');
    // The same rows give the same bytes (fixed entry times).
    expect(toXlsx('车辆/报表', ['车牌号'], [['粤B12345']])).toEqual(zip);
  });
});
