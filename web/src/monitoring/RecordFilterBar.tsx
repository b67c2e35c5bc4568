import { useEffect, useState } from 'react';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useI18n } from '../i18n/i18n';
import { FilterActions } from './FilterActions';
import { useMonitoringServices } from './monitoring-services';
import { EMPTY_FILTER, type RecordFilter } from './record-api';
import { serverZone } from '../shared/server-zone';
import { slotFromPicker, slotToPicker } from './time-slot';

interface Props {
  value: RecordFilter;
  typeLabel?: string;
  withHandled: boolean;
  onSearch: (filter: RecordFilter) => void;
}

/** vin, type, time slot and handled state; edits stay local until Search. */
export function RecordFilterBar({ value, typeLabel, withHandled, onSearch }: Props) {
  const { t } = useI18n();
  const { utcOffsetMin } = useMonitoringServices();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  // The picker shows (and is read as) the server's wall clock, whatever the browser's zone.
  const range = slotToPicker(draft.slot, utcOffsetMin);
  const setRange = (dates: (Date | null)[] | null | undefined) => setDraft({ ...draft, slot: slotFromPicker(dates, utcOffsetMin) });
  const handledOptions = [
    { label: t('monAll'), value: '' },
    { label: t('monOpen'), value: '0' },
    { label: t('monHandled'), value: '1' },
  ];
  return (
    <form
      className="wd-mon-filter"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <label>
        <span>VIN</span>
        <InputText name="vin" value={draft.vin} onChange={(e) => setDraft({ ...draft, vin: e.target.value })} />
      </label>
      {typeLabel && (
        <label>
          <span>{typeLabel}</span>
          <InputText name="type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })} />
        </label>
      )}
      <label>
        <span>{t('monTimeSlot')}</span>
        <Calendar
          showOnFocus={false}
          value={range}
          onChange={(e) => setRange(e.value as (Date | null)[] | null)}
          // "Today" on the server's clock, not the browser's.
          onTodayButtonClick={() => setRange([serverZone.nowForPicker(), serverZone.nowForPicker()])}
          selectionMode="range"
          showTime
          hourFormat="24"
          showButtonBar
          dateFormat="yy-mm-dd"
        />
      </label>
      {withHandled && (
        <label>
          <span>{t('monHandleState')}</span>
          <Dropdown value={draft.handled} options={handledOptions} onChange={(e) => setDraft({ ...draft, handled: e.value })} />
        </label>
      )}
      <FilterActions
        onReset={() => {
          setDraft(EMPTY_FILTER);
          onSearch(EMPTY_FILTER);
        }}
      />
    </form>
  );
}
