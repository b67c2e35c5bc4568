import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { useI18n } from '../i18n/i18n';
import type { DictMap } from './dictionaries';
import { FieldInput } from './FieldInput';
import { hasCreateTime, labelText, searchFields } from './field-defs';
import { serverZone } from '../shared/server-zone';
import type { ListState } from './list-params';

/** Fields shown before the bar is expanded (one row on a wide screen). */
const FIRST_ROW = 3;

interface SearchBarProps {
  entity: AnyEntity;
  dicts: DictMap;
  onSearch(values: Record<string, unknown>, range: ListState['range']): void;
}

/** The search form of the fields marked `search`, plus the createTime range; collapsible past one row. */
export function SearchBar({ entity, dicts, onSearch }: SearchBarProps) {
  const { t } = useI18n();
  const fields = searchFields(entity);
  const withRange = hasCreateTime(entity);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [range, setRange] = useState<ListState['range']>(null);
  const [expanded, setExpanded] = useState(false);
  if (fields.length === 0 && !withRange) return null;

  const collapsible = fields.length + (withRange ? 1 : 0) > FIRST_ROW;
  const shown = collapsible && !expanded ? fields.slice(0, FIRST_ROW) : fields;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(values, range);
  };
  const reset = () => {
    setValues({});
    setRange(null);
    onSearch({}, null);
  };

  return (
    <form className="wd-crud-search" onSubmit={submit} role="search">
      {shown.map(([name, def]) => (
        <div key={name} className="wd-crud-search-item">
          <label htmlFor={`search-${name}`}>{labelText(def.label)}</label>
          <FieldInput
            id={`search-${name}`}
            def={def}
            value={values[name]}
            dicts={dicts}
            search
            onChange={(v) => setValues((prev) => ({ ...prev, [name]: v }))}
          />
        </div>
      ))}
      {withRange && (!collapsible || expanded) && (
        <div className="wd-crud-search-item">
          <label htmlFor="search-createTime">{t('crudCreateTime')}</label>
          <Calendar
            showOnFocus={false}
            inputId="search-createTime"
            selectionMode="range"
            value={range}
            dateFormat="yy-mm-dd"
            readOnlyInput
            showIcon
            showButtonBar
            placeholder={t('crudDateRange')}
            onChange={(e) => setRange((e.value as ListState['range']) ?? null)}
            // "Today" of the server's zone, not of the browser's.
            onTodayButtonClick={() => {
              const today = serverZone.nowForPicker();
              setRange([today, today]);
            }}
          />
        </div>
      )}
      <div className="wd-crud-search-actions">
        <Button type="submit" icon="pi pi-search" label={t('crudSearch')} size="small" />
        <Button type="button" icon="pi pi-refresh" label={t('crudReset')} size="small" severity="secondary" outlined onClick={reset} />
        {collapsible && (
          <Button
            type="button"
            link
            size="small"
            icon={expanded ? 'pi pi-angle-up' : 'pi pi-angle-down'}
            label={expanded ? t('crudCollapse') : t('crudExpand')}
            onClick={() => setExpanded((v) => !v)}
          />
        )}
      </div>
    </form>
  );
}
