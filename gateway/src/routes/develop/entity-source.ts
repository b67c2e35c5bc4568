import type { GeneratedEntity } from '@wdiov/contracts/wire/generated-entity';
import { entityByName, FILTER_SUFFIXES, SYSTEM_COLUMNS, systemFieldsOf, toCamel, toSnake } from '@wdiov/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { SNAKE_NAME } from './inspect.ts';
import { developText } from '../../lib/texts/develop-text.ts';

/**
 * Writes the contracts entity file of a code-generator record: TypeScript source in the style of
 * contracts/src/entities/system/param.ts (defineEntity + f.* builders), plus the registry line.
 * Text only; nothing is written to the repository at run time.
 */

export interface CodeRecord {
  codeName: string;
  serviceName: string;
  tableName?: string | null;
}
export interface ModelRecord {
  modelCode: string;
  modelName: string;
  modelTable: string;
  modelClass?: string | null;
  modelRemark?: string | null;
}
/** The fields of a prototype the generator reads (saved rows and proposals both have them). */
export interface PrototypeRecord {
  jdbcName?: unknown;
  jdbcType?: unknown;
  comment?: unknown;
  propertyType?: unknown;
  isList?: unknown;
  isForm?: unknown;
  dictCode?: unknown;
  isRequired?: unknown;
  isQuery?: unknown;
  queryType?: unknown;
}
export interface TableShape {
  tenant: boolean;
  audit: 'full' | 'minimal';
}

const ENTITY_NAME = /^[a-z][A-Za-z0-9]*$/;
const SERVICE = /^wdiov-[a-z]+$/;
const KINDS = new Set(['text', 'int', 'bigint', 'decimal', 'bool', 'datetime', 'date', 'json']);
const OPS = new Set<string>(FILTER_SUFFIXES.filter((s) => s !== 'ignore'));
const OP_ALIASES: Record<string, string> = { '=': 'equal', '!=': 'notequal', '<>': 'notequal', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le' };
/** Names the generated module could not declare: reserved words and its own imports. */
const RESERVED = new Set(('break case catch class const continue debugger default delete do else enum export extends false finally for ' +
  'function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
  'implements interface package private protected public await f defineEntity').split(' '));

/** A single-quoted TS string literal of any text. */
export function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r/g, '\\r').replace(/\n/g, '\\n')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

/** `chargePile` → `Charge pile`: the English label when nothing better is known. */
export function humanize(camel: string): string {
  const words = toSnake(camel).split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const flag = (v: unknown) => v === 1 || v === true || v === '1';
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

function defaultOp(kind: string): string {
  return kind === 'text' ? 'like' : kind === 'datetime' ? 'datege' : kind === 'date' ? 'dateequal' : 'equal';
}

/** One `key: f.kind(...)` line, or null (with a warning) for a column the entity must not declare. */
function fieldLine(p: PrototypeRecord, system: Set<string>, warnings: string[]): [string, string] | null {
  const column = text(p.jdbcName);
  if (!SNAKE_NAME.test(column)) throw badRequest(`${developText('columnName', { value: column })} [jdbcName]`);
  if (system.has(column)) {
    warnings.push(`${column}: system column, added by defineEntity`);
    return null;
  }
  const key = toCamel(column);
  if (toSnake(key) !== column) warnings.push(`${column}: field ${key} maps to column ${toSnake(key)}; rename the column or the field`);
  const kind = KINDS.has(text(p.propertyType)) ? text(p.propertyType) : 'text';
  const zh = text(p.comment) || key;
  const jdbcType = text(p.jdbcType).toLowerCase();
  const dict = text(p.dictCode);
  const useDict = dict !== '' && ['text', 'int', 'bigint', 'bool'].includes(kind);
  if (dict && !useDict) warnings.push(`${column}: dictionary ${dict} ignored on a ${kind} field`);

  const opts: string[] = [];
  if (useDict && kind !== 'text') opts.push('numeric: true');
  if (flag(p.isRequired)) opts.push(`required: ${quote((useDict ? '请选择' : '请输入') + zh)}`);
  const size = /^(?:varchar|bpchar|character varying|char)\((\d+)\)$/.exec(jdbcType);
  if (kind === 'text' && size) opts.push(`max: ${Number(size[1])}`);
  else if (kind === 'text' && !useDict && /^text\b/.test(jdbcType)) opts.push('max: 5000', 'multiline: true');
  const scale = /^numeric\(\d+,(\d+)\)$/.exec(jdbcType);
  if (kind === 'decimal' && scale && Number(scale[1]) !== 2) opts.push(`scale: ${Number(scale[1])}`);
  if (flag(p.isQuery)) {
    const raw = text(p.queryType).toLowerCase();
    const op = OPS.has(raw) ? raw : OP_ALIASES[raw] ?? defaultOp(kind);
    opts.push(`search: ${quote(op)}`);
  }
  if (p.isList !== undefined && p.isList !== null && !flag(p.isList)) opts.push('list: false');
  if (p.isForm !== undefined && p.isForm !== null && !flag(p.isForm)) opts.push('form: false');

  const labels = `${quote(zh)}, ${quote(humanize(key))}`;
  const options = opts.length > 0 ? `, { ${opts.join(', ')} }` : '';
  const call = useDict ? `f.dict(${labels}, ${quote(dict)}${options})` : `f.${kind}(${labels}${options})`;
  return [key, `    ${key}: ${call},`];
}

export function generateEntitySource(code: CodeRecord, model: ModelRecord, prototypes: PrototypeRecord[], shape: TableShape): GeneratedEntity {
  const name = text(model.modelCode);
  if (!ENTITY_NAME.test(name) || RESERVED.has(name)) throw badRequest(`${developText('entityName', { value: name })} [modelCode]`);
  const service = text(code.serviceName);
  if (!SERVICE.test(service)) throw badRequest(`${developText('serviceName', { value: service })} [serviceName]`);
  const table = text(code.tableName) || text(model.modelTable);
  if (!SNAKE_NAME.test(table)) throw badRequest(`${developText('tableName', { value: table })} [tableName]`);

  const warnings: string[] = [];
  const system = new Set(systemFieldsOf(shape.tenant, shape.audit).map((f) => SYSTEM_COLUMNS[f]));
  const lines = new Map<string, string>();
  for (const p of prototypes) {
    const line = fieldLine(p, system, warnings);
    if (!line) continue;
    if (lines.has(line[0])) warnings.push(`${line[0]}: declared twice, first kept`);
    else lines.set(line[0], line[1]);
  }
  if (lines.size === 0) throw badRequest(`${developText('noFields', { model: name })} [modelId]`);
  if (entityByName(name)) warnings.push(`an entity named ${name} is already registered`);

  const short = service.slice('wdiov-'.length);
  const kebab = toSnake(name).replace(/_/g, '-');
  const about = (text(model.modelRemark) || text(model.modelName) || name).replace(/\s+/g, ' ').replace(/\*\//g, '*\\/');
  const content = [
    "import { defineEntity } from '../../entity/define-entity.ts';",
    "import { f } from '../../entity/fields.ts';",
    '',
    `/** ${about} */`,
    `export const ${name} = defineEntity({`,
    `  name: ${quote(name)},`,
    `  service: ${quote(service)},`,
    `  path: ${quote(name)},`,
    `  table: ${quote(table)},`,
    `  title: { zh: ${quote(text(model.modelName) || name)}, en: ${quote(humanize(name))} },`,
    `  tenant: ${shape.tenant},`,
    `  audit: ${quote(shape.audit)},`,
    '  fields: {',
    ...lines.values(),
    '  },',
    '});',
    '',
  ].join('\n');
  return {
    codeName: code.codeName,
    fileName: `contracts/src/entities/${short}/${kebab}.ts`,
    content,
    registryLine: `import { ${name} } from './${short}/${kebab}.ts';`,
    registryEntry: `${name},`,
    warnings,
  };
}
