import { useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { useI18n } from '../i18n/i18n';
import { FilterActions } from '../monitoring/FilterActions';
import { EMPTY_QUERY, type RecordQuery } from './instruction-api';
import { STATUS_LOOK, TYPE_LABELS } from './record-labels';
import { VehiclePicker, type PickedVehicle } from './VehiclePicker';

/** Vehicle, type and status of the records table; edits stay local until Search (as the monitoring filters). */
export function RecordFilterBar({ onSearch }: { onSearch: (query: RecordQuery) => void }) {
  const { t } = useI18n();
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [type, setType] = useState<number | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const types = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label: t(label) }));
  const statuses = Object.entries(STATUS_LOOK).map(([value, look]) => ({ value: Number(value), label: t(look.label) }));
  return (
    <form
      className="wd-mon-filter wd-diag-filter"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch({ vehicleId: vehicle?.id ?? '', instructType: type, instructStatus: status });
      }}
    >
      <label htmlFor="diag-filter-vehicle">
        <span>{t('diagVehicle')}</span>
        <VehiclePicker inputId="diag-filter-vehicle" value={vehicle} onChange={setVehicle} />
      </label>
      <label htmlFor="diag-filter-type">
        <span>{t('diagType')}</span>
        <Dropdown inputId="diag-filter-type" value={type} options={types} showClear placeholder={t('diagAll')} onChange={(e) => setType(e.value ?? null)} />
      </label>
      <label htmlFor="diag-filter-status">
        <span>{t('diagStatus')}</span>
        <Dropdown inputId="diag-filter-status" value={status} options={statuses} showClear placeholder={t('diagAll')} onChange={(e) => setStatus(e.value ?? null)} />
      </label>
      <FilterActions
        onReset={() => {
          setVehicle(null);
          setType(null);
          setStatus(null);
          onSearch(EMPTY_QUERY);
        }}
      />
    </form>
  );
}
