import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { entityByName } from '@wdiov/contracts/entities/registry';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { useI18n } from '../i18n/i18n';
import { formatDate, formatDateTime, parseDateText } from './date-text';
import { serverZone } from '../shared/server-zone';
import type { DictMap } from './dictionaries';
import { RefInput } from './RefInput';
import { RegionInput } from './RegionInput';
import { dictText } from '../i18n/seeded-text';

export interface FieldInputProps {
  id: string;
  def: FieldDef;
  value: unknown;
  onChange(value: unknown): void;
  onBlur?(): void;
  invalid?: boolean;
  dicts: DictMap;
  /** Labels answered with the record for a reference (`deptName`). */
  labels?: string;
  /** The search bar: one value per field, flags as a yes/no select, no text areas. */
  search?: boolean;
  /** A multiple tree reference whose checks cascade (see RefInput). */
  cascade?: boolean;
}

/** The control of one field, chosen from its definition. */
export function FieldInput(props: FieldInputProps) {
  const { t } = useI18n();
  const { id, def, value, onChange, onBlur, invalid } = props;
  const placeholder = t('crudSearchPlaceholder');

  if (def.ref && entityByName(def.ref.entity)) {
    return (
      <RefInput
        id={id}
        def={def}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        labels={props.labels}
        multiple={Boolean(def.ref.multiple) && !props.search}
        cascade={props.cascade}
        invalid={invalid}
      />
    );
  }
  if (def.region) {
    return <RegionInput id={id} value={value} onChange={onChange} onBlur={onBlur} invalid={invalid} />;
  }
  if (def.dict || (def.kind === 'bool' && props.search)) {
    const options = def.dict
      ? (props.dicts[def.dict] ?? []).map((d) => ({ label: dictText(def.dict!, d.dictKey, d.dictValue), value: def.kind === 'int' ? Number(d.dictKey) : d.dictKey }))
      : [
          { label: t('crudYes'), value: 1 },
          { label: t('crudNo'), value: 0 },
        ];
    return (
      <Dropdown
        inputId={id}
        value={value ?? null}
        options={options}
        showClear={props.search || !def.required}
        filter={options.length > 10}
        placeholder={t('crudSelectPlaceholder')}
        invalid={invalid}
        onChange={(e) => onChange(e.value ?? null)}
        onBlur={onBlur}
      />
    );
  }
  switch (def.kind) {
    case 'bool':
      return <InputSwitch inputId={id} checked={Boolean(value)} onChange={(e) => onChange(Boolean(e.value))} />;
    case 'int':
    case 'decimal':
      return (
        <InputNumber
          inputId={id}
          value={typeof value === 'number' ? value : null}
          useGrouping={false}
          maxFractionDigits={def.kind === 'decimal' ? Math.min(def.scale ?? 2, 20) : 0}
          invalid={invalid}
          onValueChange={(e) => onChange(e.value ?? null)}
          onBlur={onBlur}
        />
      );
    case 'date':
    case 'datetime': {
      const withTime = def.kind === 'datetime';
      // The picker opens from its button, not on focus: tabbing through a form never lands in it.
      return (
        <Calendar
          showOnFocus={false}
          inputId={id}
          value={parseDateText(value)}
          dateFormat="yy-mm-dd"
          showTime={withTime}
          showSeconds={withTime}
          hourFormat="24"
          showIcon
          showButtonBar
          invalid={invalid}
          onChange={(e) => onChange(e.value instanceof Date ? (withTime ? formatDateTime(e.value) : formatDate(e.value)) : '')}
          // The picker's own "today" is the browser's clock; the console's is the server's.
          onTodayButtonClick={() => {
            const now = serverZone.nowForPicker();
            onChange(withTime ? formatDateTime(now) : formatDate(now));
          }}
          onHide={onBlur}
        />
      );
    }
    default:
      break;
  }
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (def.writeOnly && !props.search) {
    return (
      <Password
        inputId={id}
        value={text}
        feedback={false}
        toggleMask
        autoComplete="new-password"
        invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    );
  }
  if ((def.multiline || def.kind === 'json') && !props.search) {
    return <InputTextarea id={id} value={text} rows={4} autoResize invalid={invalid} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />;
  }
  return (
    <InputText
      id={id}
      value={text}
      placeholder={props.search ? placeholder : undefined}
      invalid={invalid}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}
