import { describe, expect, it } from 'vitest';
import { BOM, csvCell, toCsv } from './csv';
import type { PageData } from './crud-api';
import { ExportCancelled, fetchAllRows, type ExportProgress } from './export-rows';
import { columnName, sheetXml, toXlsx } from './xlsx';
import { crc32 } from './zip-store';

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

describe('CSV export', () => {
  it('starts with a UTF-8 BOM so Excel reads Chinese, and ends lines with CRLF', () => {
    const csv = toCsv(['车牌号', '状态'], [['粤B12345', '已销售']]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toBe('\uFEFF车牌号,状态\r\n粤B12345,已销售\r\n');
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('quotes cells with commas, quotes, line breaks or edge spaces, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('他说"好"')).toBe('"他说""好"""');
    expect(csvCell('第一行\n第二行')).toBe('"第一行\n第二行"');
    expect(csvCell(' 前后空格 ')).toBe('" 前后空格 "');
    expect(csvCell('普通')).toBe('普通');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('keeps formulas from running when the file is opened', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+86')).toBe("'+86");
    expect(csvCell('-1')).toBe('-1');
    expect(csvCell(-3)).toBe('-3');
  });
});

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
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('names columns A..Z, AA..', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes escaped inline strings and numbers in a zip package', () => {
    expect(sheetXml(['名称'], [['a<b&"c"', 3]])).toContain(
      '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">a&lt;b&amp;&quot;c&quot;</t></is></c><c r="B2"><v>3</v></c></row>',
    );
    const zip = toXlsx('车辆', ['车牌号'], [['粤B12345']]);
    expect([...zip.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const text = new TextDecoder().decode(zip);
    for (const part of ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('粤B12345');
    // End of central directory: 5 entries.
    const end = zip.length - 22;
    expect(new DataView(zip.buffer, zip.byteOffset).getUint32(end, true)).toBe(0x06054b50);
    expect(new DataView(zip.buffer, zip.byteOffset).getUint16(end + 10, true)).toBe(5);
  });
});
