import { useEffect, useMemo, useRef, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { TreeSelect, type TreeSelectSelectionKeysType } from 'primereact/treeselect';
import type { TreeNode } from 'primereact/treenode';
import { entityByName } from '@wdiov/contracts/entities/registry';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { useI18n } from '../i18n/i18n';
import { nameText } from '../i18n/seeded-text';
import { createCrudApi, type Row } from './crud-api';
import { useCrudServices } from './CrudServices';
import { checkKeysOf, idsOfCheckKeys, rowsToNodes, type CheckKeys } from './tree-nodes';

interface RefInputProps {
  id: string;
  def: FieldDef;
  value: unknown;
  onChange(value: unknown): void;
  onBlur?(): void;
  /** The labels answered with the record (`deptName`), so a chosen value shows before options load. */
  labels?: string;
  multiple: boolean;
  /**
   * Tree choices cascade (checking a node checks its subtree) and keep half-checked parents, as
   * grants do (package menus). Otherwise each node is chosen on its own (a user's depts).
   */
  cascade?: boolean;
  invalid?: boolean;
}

type Option = { label: string; value: string };
const SEARCH_DELAY_MS = 300;

/**
 * Entities picked by more than their reference label: each field is searched (`<field>_like`,
 * answers merged) and shown, in this order. A vehicle is known to its users by its plate, to
 * the platform by its VIN: pickers search both and show the plate first.
 */
const PICKED_BY: Readonly<Record<string, readonly string[]>> = { vehicle: ['plateNumber', 'vin'] };

const optionLabel = (row: Row, fields: readonly string[]) =>
  fields.map((f) => (row[f] === null || row[f] === undefined ? '' : String(row[f]))).filter(Boolean).join(' · ') || String(row.id);

const idList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

/** Tree entities: a tree select over the whole tree (several nodes when the reference is multiple). */
function TreeRef({ target, props }: { target: AnyEntity; props: RefInputProps }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  useEffect(() => {
    let live = true;
    createCrudApi(http, target)
      .tree()
      .then((rows) => live && setNodes(rowsToNodes(rows, target.tree!.title)), () => undefined);
    return () => {
      live = false;
    };
  }, [http, target]);
  const ids = idList(props.value);
  const mode = !props.multiple ? 'single' : props.cascade ? 'checkbox' : 'multiple';
  const value =
    mode === 'checkbox' ? checkKeysOf(nodes, new Set(ids)) : mode === 'multiple' ? Object.fromEntries(ids.map((id) => [id, true])) : (ids[0] ?? null);
  const chosen = (v: unknown) =>
    mode === 'checkbox' ? idsOfCheckKeys(v as CheckKeys) : mode === 'multiple' ? Object.keys((v ?? {}) as object) : (v ?? '');
  return (
    <TreeSelect
      inputId={props.id}
      value={value as TreeSelectSelectionKeysType | string | null}
      options={nodes}
      selectionMode={mode}
      metaKeySelection={false}
      filter
      showClear={!props.def.required}
      placeholder={t('crudSelectPlaceholder')}
      invalid={props.invalid}
      display={props.multiple ? 'chip' : 'comma'}
      onChange={(e) => props.onChange(chosen(e.value))}
      onHide={props.onBlur}
    />
  );
}

/** Other entities: a select searching the server (`<label>_like`) as the user types. */
function SearchRef({ target, props }: { target: AnyEntity; props: RefInputProps }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const labelField = props.def.ref!.label;
  const fields = PICKED_BY[target.name] ?? [labelField];
  const api = useMemo(() => createCrudApi(http, target), [http, target]);
  const ids = idList(props.value);
  const seeded = useMemo(() => {
    const names = (props.labels ?? '').split(',');
    return ids.map((id, i) => ({ value: id, label: nameText(names[i] || id) }));
    // Only the record's own labels seed the options; later choices come from the server.
  }, [props.labels]);
  const [found, setFound] = useState<Option[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (query: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const searches = query ? fields.map((f) => api.options({ [`${f}_like`]: query })) : [api.options({})];
      Promise.all(searches).then((answers) => {
        const rows = [...new Map(answers.flat().map((r: Row) => [String(r.id), r])).values()];
        setFound(rows.map((r) => ({ value: String(r.id), label: nameText(optionLabel(r, fields)) })));
      }, () => undefined);
    }, SEARCH_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const options = [...seeded.filter((s) => !found.some((f) => f.value === s.value)), ...found];
  const common = {
    inputId: props.id,
    options,
    filter: true,
    placeholder: t('crudSelectPlaceholder'),
    invalid: props.invalid,
    onShow: () => search(''),
    onFilter: (e: { filter: string }) => search(e.filter),
    onBlur: props.onBlur,
  };
  return props.multiple ? (
    <MultiSelect {...common} value={ids} display="chip" onChange={(e) => props.onChange(e.value as string[])} />
  ) : (
    <Dropdown {...common} value={ids[0] ?? null} showClear={!props.def.required} onChange={(e) => props.onChange(e.value ?? '')} />
  );
}

/** A reference chosen by its label: tree select for tree entities, searchable select otherwise. */
export function RefInput(props: RefInputProps) {
  const target = entityByName(props.def.ref!.entity);
  if (!target) return null;
  return target.tree ? <TreeRef target={target} props={props} /> : <SearchRef target={target} props={props} />;
}
