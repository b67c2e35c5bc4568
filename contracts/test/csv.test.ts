import { describe, expect, it } from 'vitest';
import { BOM, csvCell, defuseFormula, toCsv } from '../src/wire/csv.ts';

describe('CSV writer', () => {
  it('starts with a UTF-8 BOM so Excel reads Chinese, and ends lines with CRLF', () => {
    const csv = toCsv(['车牌号', '状态'], [['粤B12345', '已销售']]);
    expect(csv).toBe('\uFEFF车牌号,状态\r\n粤B12345,已销售\r\n');
    expect([...new TextEncoder().encode(BOM)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('quotes cells with commas, quotes, line breaks or edge spaces, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('他说"好"')).toBe('"他说""好"""');
    expect(csvCell('第一行\n第二行')).toBe('"第一行\n第二行"');
    expect(csvCell(' 前后空格 ')).toBe('" 前后空格 "');
    expect(csvCell('普通')).toBe('普通');
  });

  it('writes numbers as they are, nothing and non-finite numbers as empty cells', () => {
    expect([12.5, -3, 0, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true].map(csvCell)).toEqual(['12.5', '-3', '0', '', '', '', '', 'true']);
  });

  it('keeps every formula from running, and leaves negative numbers written as text alone', () => {
    for (const formula of ['=HYPERLINK("x")', '+86', '@SUM(A1)', '\tx', '\rx', '-1+2', '-A1', '-', '--1']) {
      expect(defuseFormula(formula), formula).toBe(`'${formula}`);
    }
    for (const number of ['-1', '-12.5', '-.5', '-1e3', '-2.5E-4']) expect(defuseFormula(number), number).toBe(number);
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    // Only text is defused: a number cell cannot be a formula.
    expect(csvCell(-1)).toBe('-1');
  });
});
