import { useEffect, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { regionSelectRoute } from '@wdiov/contracts/api/region.route';
import { callRoute } from '../api/call-route';
import type { HttpClient } from '../api/http';
import { useI18n } from '../i18n/i18n';
import { useCrudServices } from './CrudServices';

interface RegionInputProps {
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  onBlur?(): void;
  invalid?: boolean;
}

type Option = { label: string; value: string };
const LEVELS = 3;

/** Cascader options under a region code (the root when empty): `region/select?code=`. */
async function regionOptions(http: HttpClient, code: string): Promise<Option[]> {
  const rows = await callRoute(http, regionSelectRoute, { query: code ? { code } : {} });
  return rows.map((r) => ({ label: r.name, value: r.code }));
}

/**
 * The GB/T 2260 codes of a region and its ancestors down to the district, from its own code:
 * 310104 → [310000, 310100, 310104]; a province or city code stops at its level.
 */
export function regionPath(code: string): string[] {
  if (!/^\d{6,12}$/.test(code)) return code ? [code] : [];
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  const district = code.slice(0, 6);
  return [province, city, district].filter((c, i, all) => i === 0 || (c !== all[i - 1] && !c.endsWith(i === 1 ? '0000' : '00')));
}

/**
 * The region picker: province, then city, then district, each a select of the regions under the
 * one before (`region/select`). The value is the code of the deepest region chosen.
 */
export function RegionInput(props: RegionInputProps) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const code = typeof props.value === 'string' || typeof props.value === 'number' ? String(props.value) : '';
  const path = regionPath(code);
  const [options, setOptions] = useState<Option[][]>([]);
  const parents = ['', ...path].slice(0, LEVELS).join('|');

  useEffect(() => {
    let live = true;
    const codes = parents.split('|');
    Promise.all(codes.map((c) => regionOptions(http, c))).then(
      (levels) => live && setOptions(levels),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http, parents]);

  const choose = (level: number, value: string | null) => {
    const next = value ?? (level > 0 ? path[level - 1] : '') ?? '';
    props.onChange(next);
  };
  const labels = [t('regionProvince'), t('regionCity'), t('regionDistrict')];

  return (
    <div className="wd-region-input" role="group" aria-label={labels.join(' / ')}>
      {Array.from({ length: LEVELS }, (_, level) => {
        const list = options[level] ?? [];
        if (level > 0 && (!path[level - 1] || list.length === 0)) return null;
        return (
          <Dropdown
            key={level}
            inputId={level === 0 ? props.id : `${props.id}-${level}`}
            aria-label={labels[level]}
            value={path[level] ?? null}
            options={list}
            filter={list.length > 10}
            showClear
            placeholder={labels[level]}
            invalid={props.invalid}
            onChange={(e) => choose(level, (e.value as string | null) ?? null)}
            onBlur={props.onBlur}
          />
        );
      })}
    </div>
  );
}
