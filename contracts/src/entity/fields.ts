import type { FilterOp } from '../wire/list-query.ts';

/** A label in both console languages. */
export interface Label {
  zh: string;
  en: string;
}

export type FieldKind =
  | 'text'      // varchar / text
  | 'int'       // integer
  | 'bigint'    // 64-bit integer that is not a reference (travels as string)
  | 'decimal'   // numeric, travels as number
  | 'bool'      // stored as smallint 0/1 (BladeX flags), travels as number
  | 'datetime'  // timestamptz, travels as 'yyyy-MM-dd HH:mm:ss'
  | 'date'      // date, travels as 'yyyy-MM-dd'
  | 'ref'       // id of a row of another entity (string); `multiple` = comma-joined ids
  | 'json';     // jsonb (geometry, parameter maps …)

export interface FieldDef {
  kind: FieldKind;
  label: Label;
  /** true, or the message shown when missing (default `请输入<label>`). */
  required?: boolean | string;
  /** Text: maximum length (default 255). Numbers: maximum value. */
  max?: number;
  /** Text: minimum length. Numbers: minimum value. */
  min?: number;
  pattern?: { regex: RegExp; message: string };
  /** Dictionary code whose keys are the allowed values (shown as labels). */
  dict?: string;
  /** Reference to another entity: the value is its id; `label` is the field shown for it. */
  ref?: { entity: string; label: string; multiple?: boolean };
  /** Operator of the list page's search box for this field; absent = not in the search bar. */
  search?: FilterOp;
  /** Shown as a list column (default true unless writeOnly). */
  list?: boolean;
  /** Shown in the add/edit form (default true). */
  form?: boolean;
  /**
   * Unique among live rows (of the same tenant when the entity is tenant-scoped); `platform`: among
   * the live rows of every tenant (a physical identity such as a VIN, which one tenant must not hold
   * for another).
   */
  unique?: boolean | 'platform';
  /**
   * The field's name in the specification where the table names it otherwise (tenant `domain`
   * for domainUrl): accepted on submit in its stead.
   */
  alias?: string;
  /** Value stored when an add leaves the field out. */
  default?: string | number | boolean | null;
  /** Accepted on submit, never answered (passwords, secrets). */
  writeOnly?: boolean;
  /** The console submits the field as this digest of what was typed (BladeX's sign-in password: MD5); other secrets go as typed. */
  digest?: 'md5';
  /** Answered, never accepted on submit (set by the server). */
  readOnly?: boolean;
  /** Long text: a textarea in forms, `text` column. */
  multiline?: boolean;
  /** Decimal places for `decimal` fields (default 2). */
  scale?: number;
  /**
   * A valid value, for generated samples (tests, docs). Required when the field has a pattern;
   * a unique one should end in digits, which samples vary. JSON fields with a shape give an object.
   */
  example?: string | number | Record<string, unknown>;
  /** A GB/T 2260 region code (`region` entity), chosen with the region picker. */
  region?: boolean;
  /** Creates an index on the column (references and unique fields get one anyway). */
  index?: boolean;
}

type Opts = Omit<FieldDef, 'kind' | 'label'>;
const make = (kind: FieldKind) => (zh: string, en: string, opts: Opts = {}): FieldDef => ({
  kind,
  label: { zh, en },
  ...opts,
});

/** Field builders: `f.text('参数名称', 'Name', { required: '请输入参数名称', search: 'like' })`. */
export const f = {
  text: make('text'),
  int: make('int'),
  bigint: make('bigint'),
  decimal: make('decimal'),
  bool: make('bool'),
  datetime: make('datetime'),
  date: make('date'),
  json: make('json'),
  /** A dictionary-valued field: `kind` int or text keys. */
  dict: (zh: string, en: string, dict: string, opts: Opts & { numeric?: boolean } = {}): FieldDef => {
    const { numeric, ...rest } = opts;
    return { kind: numeric ? 'int' : 'text', label: { zh, en }, dict, max: numeric ? undefined : 64, ...rest };
  },
  /** Where an address or place lies: a region code picked province → city → district. */
  region: (zh: string, en: string, opts: Opts = {}): FieldDef => ({
    kind: 'text',
    label: { zh, en },
    region: true,
    max: 12,
    pattern: { regex: /^\d{2,12}$/, message: `${zh}须为2-12位数字的行政区划编号` },
    example: '310104',
    list: false,
    index: true,
    ...opts,
  }),
  ref: (zh: string, en: string, entity: string, label: string, opts: Opts & { multiple?: boolean } = {}): FieldDef => {
    const { multiple, ...rest } = opts;
    return { kind: 'ref', label: { zh, en }, ref: { entity, label, multiple }, ...rest };
  },
} as const;
