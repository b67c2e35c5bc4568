import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { toCsv } from '@wdiov/contracts/wire/csv';
import { readSheet } from './sheet-file.ts';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook as Excel writes one: shared strings (one of them rich text), its sheet named by the workbook's relationships. */
function excelBook(): Uint8Array {
  return zipSync({
    'xl/workbook.xml': strToU8(`<workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="车辆" sheetId="1" r:id="rId7"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="${REL}/worksheet" Target="worksheets/data.xml"/></Relationships>`),
    'xl/sharedStrings.xml': strToU8(`<sst ${NS}><si><t>车架号</t></si><si><t xml:space="preserve"> 车牌号 </t></si><si><r><t>京A</t></r><r><t>0001</t></r></si><si><t>LSVAU2180N2183294</t></si></sst>`),
    'xl/worksheets/data.xml': strToU8(`<worksheet ${NS}><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="inlineStr"><is><t>里程</t></is></c></row>
      <row r="3"><c r="A3" t="s"><v>3</v></c><c r="B3" t="s"><v>2</v></c><c r="C3" t="b"><v>1</v></c><c r="D3"><v>12.5</v></c></row>
    </sheetData></worksheet>`),
  });
}

describe('reading an uploaded sheet', () => {
  it('reads an Excel workbook: shared and rich strings, numbers, flags, gaps, rows by their line', () => {
    const sheet = readSheet('车辆.XLSX', excelBook());
    expect(sheet.header).toEqual(['车架号', '车牌号', '', '里程']);
    expect(sheet.rows).toEqual([{ line: 3, cells: ['LSVAU2180N2183294', '京A0001', 1, 12.5] }]);
  });

  it('reads CSV in UTF-8 with its mark and quoted cells, or in GB 18030 as Excel in Chinese saves it', () => {
    const utf8 = readSheet('v.csv', strToU8(toCsv(['车架号', '备注'], [['LSVAU2180N2183294', '含,逗号 "引号"']])));
    expect(utf8.header).toEqual(['车架号', '备注']);
    expect(utf8.rows[0]!.cells).toEqual(['LSVAU2180N2183294', '含,逗号 "引号"']);
    // 车架号 in GB 18030.
    const gb = new Uint8Array([0xb3, 0xb5, 0xbc, 0xdc, 0xba, 0xc5, 0x0d, 0x0a, 0x41, 0x0d, 0x0a]);
    expect(readSheet('v.csv', gb)).toEqual({ header: ['车架号'], rows: [{ line: 2, cells: ['A'] }] });
  });

  it('skips blank lines above the header and between rows', () => {
    const sheet = readSheet('v.csv', strToU8('\r\n,\r\n车架号\r\nA\r\n\r\nB\r\n'));
    expect(sheet.header).toEqual(['车架号']);
    expect(sheet.rows.map((r) => [r.line, r.cells[0]])).toEqual([[4, 'A'], [6, 'B']]);
  });

  it('refuses what it cannot read', () => {
    expect(() => readSheet('v.xls', excelBook())).toThrow('文件格式应为 xlsx 或 csv');
    expect(() => readSheet('v.xlsx', strToU8('PK\u0003\u0004 broken'))).toThrow('文件无法读取');
    expect(() => readSheet('v.xlsx', zipSync({ 'other.txt': strToU8('x') }))).toThrow('文件无法读取');
    expect(() => readSheet('v.csv', strToU8('车架号\r\n'))).toThrow('文件中没有数据行');
    expect(() => readSheet('v.csv', strToU8(`车架号\r\n${'A\r\n'.repeat(20_001)}`))).toThrow('一次最多导入20000行');
  });
});
