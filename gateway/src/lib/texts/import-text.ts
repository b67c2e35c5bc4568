import { speaker } from '../request-language.ts';

/** The spreadsheet import's refusals and row messages. */
export const importText = speaker(
  {
    format: () => '文件格式应为 xlsx 或 csv',
    unreadable: () => '文件无法读取: 请上传导出的 xlsx 或 csv 文件',
    tooLarge: () => '文件解压后过大',
    empty: () => '文件中没有数据行',
    tooMany: ({ max }: { max: number }) => `一次最多导入${max}行`,
    content: () => '文件内容应为 base64 编码',
    noColumns: ({ title }: { title: string }) => `表头中没有${title}的列: 请使用导出文件的表头`,
    twiceColumn: ({ column }: { column: string }) => `表头中的列重复: ${column}`,
    requiredColumn: ({ column }: { column: string }) => `缺少必填列: ${column}`,
    inFile: ({ value, line }: { value: string; line: number }) => `与第${line}行重复: ${value}`,
    ambiguous: ({ value }: { value: string }) => `名称对应多条记录，请改用编号: ${value}`,
    rejected: ({ count, first }: { count: number; first: string }) => `有${count}处错误，未导入任何数据。${first}`,
    rowError: ({ line, column, message }: { line: number; column: string; message: string }) => `第${line}行 ${column}: ${message}`,
    imported: ({ count }: { count: number }) => `已导入${count}条`,
  },
  {
    format: () => 'The file must be xlsx or csv',
    unreadable: () => 'The file cannot be read: upload an exported xlsx or csv file',
    tooLarge: () => 'The file is too large once unpacked',
    empty: () => 'The file has no data rows',
    tooMany: ({ max }) => `At most ${max} rows can be imported at once`,
    content: () => 'The file content must be base64',
    noColumns: ({ title }) => `The header names no column of ${title}: use the header of an export`,
    twiceColumn: ({ column }) => `The header has a column twice: ${column}`,
    requiredColumn: ({ column }) => `A required column is missing: ${column}`,
    inFile: ({ value, line }) => `Repeats row ${line}: ${value}`,
    ambiguous: ({ value }) => `The name matches several records, give its id instead: ${value}`,
    rejected: ({ count, first }) => `${count} errors, nothing was imported. ${first}`,
    rowError: ({ line, column, message }) => `Row ${line} ${column}: ${message}`,
    imported: ({ count }) => `${count} imported`,
  },
);
