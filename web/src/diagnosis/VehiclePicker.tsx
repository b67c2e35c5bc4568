import { useRef, useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { useI18n } from '../i18n/i18n';
import { searchVehicles } from '../monitoring/fence-api';
import { pickText, type Row } from '../monitoring/wire-parse';
import { useDiagnosisServices } from './diagnosis-services';

export interface PickedVehicle {
  id: string;
  vin: string;
  plateNumber: string;
  /** 'plate · VIN' as the fence binder shows vehicles. */
  label: string;
}

export function pickedOf(row: Row): PickedVehicle {
  const vin = pickText(row, 'vin');
  const plateNumber = pickText(row, 'plateNumber');
  return { id: row.id, vin, plateNumber, label: [plateNumber, vin].filter(Boolean).join(' · ') || row.id };
}

/**
 * Suggestions by plate or VIN through the monitoring area's vehicle search (VIN first, then plate).
 * Vehicles already chosen are left out when the answer arrives, not on every render: a changing
 * suggestion list makes the AutoComplete open its panel again right after a pick.
 */
function useVehicleSuggestions(chosen: readonly PickedVehicle[] = []) {
  const { http } = useDiagnosisServices();
  const [suggestions, setSuggestions] = useState<PickedVehicle[]>([]);
  const latest = useRef(0);
  const complete = (query: string) => {
    const ticket = ++latest.current;
    const skip = new Set(chosen.map((v) => v.id));
    searchVehicles(http, query).then(
      (rows) => ticket === latest.current && setSuggestions(rows.map(pickedOf).filter((v) => !skip.has(v.id))),
      () => ticket === latest.current && setSuggestions([]),
    );
  };
  return { suggestions, complete };
}

interface SingleProps {
  inputId: string;
  value: PickedVehicle | null;
  onChange: (vehicle: PickedVehicle | null) => void;
  invalid?: boolean;
  disabled?: boolean;
}

/** One vehicle: type a plate or VIN, or open the list with the arrow (keyboard: ↓, Enter). */
export function VehiclePicker({ inputId, value, onChange, invalid, disabled }: SingleProps) {
  const { t } = useI18n();
  const { suggestions, complete } = useVehicleSuggestions();
  const [text, setText] = useState<string | null>(null);
  return (
    <AutoComplete
      inputId={inputId}
      value={text ?? value}
      field="label"
      suggestions={suggestions}
      completeMethod={(e) => complete(e.query)}
      onChange={(e) => {
        if (typeof e.value === 'string') {
          setText(e.value);
          if (value) onChange(null);
        } else {
          setText(null);
          onChange((e.value as PickedVehicle | null) ?? null);
        }
      }}
      onBlur={() => setText(null)}
      dropdown
      dropdownAriaLabel={t('diagPickVehicle')}
      placeholder={t('diagVehiclePlaceholder')}
      emptyMessage={t('diagNoVehicleFound')}
      showEmptyMessage
      delay={250}
      invalid={invalid}
      disabled={disabled}
      className="wd-diag-picker"
    />
  );
}

interface MultiProps {
  inputId: string;
  values: PickedVehicle[];
  onChange: (vehicles: PickedVehicle[]) => void;
  max: number;
  invalid?: boolean;
  disabled?: boolean;
}

/** Several vehicles as chips; 'add all' takes every suggestion of the last search at once. */
export function MultiVehiclePicker({ inputId, values, onChange, max, invalid, disabled }: MultiProps) {
  const { t } = useI18n();
  const { suggestions, complete } = useVehicleSuggestions(values);
  const chosen = new Set(values.map((v) => v.id));
  const fresh = suggestions.filter((s) => !chosen.has(s.id));
  const addAll = () => onChange([...values, ...fresh].slice(0, max));
  return (
    // Enter while typing a plate must not submit the diagnosis form (primereact only stops it when an option is highlighted).
    <div className="wd-diag-multi" onKeyDown={(e) => e.key === 'Enter' && e.target instanceof HTMLInputElement && e.preventDefault()}>
      <AutoComplete
        inputId={inputId}
        multiple
        value={values}
        field="label"
        suggestions={suggestions}
        completeMethod={(e) => complete(e.query)}
        onChange={(e) => onChange(((e.value as PickedVehicle[] | null) ?? []).filter((v) => typeof v === 'object').slice(0, max))}
        dropdown
        dropdownAriaLabel={t('diagPickVehicle')}
        placeholder={values.length ? undefined : t('diagVehiclePlaceholder')}
        emptyMessage={t('diagNoVehicleFound')}
        showEmptyMessage
        delay={250}
        selectionLimit={max}
        invalid={invalid}
        disabled={disabled}
        className="wd-diag-picker"
      />
      <Button
        type="button"
        size="small"
        text
        icon="pi pi-plus-circle"
        label={t('diagAddAllFound', { count: fresh.length })}
        disabled={disabled || fresh.length === 0 || values.length >= max}
        onClick={addAll}
      />
      {values.length > 0 && (
        <Button type="button" size="small" text severity="secondary" icon="pi pi-times" label={t('diagClearVehicles')} disabled={disabled} onClick={() => onChange([])} />
      )}
      <small className="wd-diag-hint">{t('diagChosenCount', { count: values.length, max })}</small>
    </div>
  );
}
