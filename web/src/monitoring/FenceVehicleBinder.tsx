import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useI18n } from '../i18n/i18n';
import { searchVehicles, type Binding } from './fence-api';
import { useMonitoringServices } from './monitoring-services';
import { pickText, type Row } from './wire-parse';

interface Props {
  bound: Binding[];
  onChange: (next: Binding[]) => void;
}

/** The vehicles the fence watches: search by plate or VIN to add, remove from the list; saved with the fence. */
export function FenceVehicleBinder({ bound, onChange }: Props) {
  const { t } = useI18n();
  const { http } = useMonitoringServices();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Row[]>([]);
  const has = new Set(bound.map((b) => b.vehicleId));
  const find = () => searchVehicles(http, keyword).then(setFound, () => setFound([]));
  const label = (r: Row) => [pickText(r, 'plateNumber'), pickText(r, 'vin')].filter(Boolean).join(' · ');
  return (
    <div className="wd-binder">
      <h4>{t('monBoundVehicles', { count: bound.length })}</h4>
      <form className="wd-binder-search" onSubmit={(e) => (e.preventDefault(), void find())}>
        <InputText value={keyword} placeholder={t('monSearchVehicle')} onChange={(e) => setKeyword(e.target.value)} aria-label={t('monSearchVehicle')} />
        <Button size="small" type="submit" icon="pi pi-search" aria-label={t('monSearch')} />
      </form>
      <ul className="wd-binder-list">
        {found.filter((r) => !has.has(r.id)).map((r) => (
          <li key={r.id}>
            {label(r)}
            <Button size="small" text icon="pi pi-plus" aria-label={t('monBind')} onClick={() => onChange([...bound, { id: '', vehicleId: r.id, label: label(r) }])} />
          </li>
        ))}
      </ul>
      <ul className="wd-binder-list is-bound">
        {bound.map((b) => (
          <li key={b.vehicleId}>
            {b.label}
            <Button size="small" text severity="danger" icon="pi pi-minus" aria-label={t('monUnbind')} onClick={() => onChange(bound.filter((x) => x.vehicleId !== b.vehicleId))} />
          </li>
        ))}
      </ul>
    </div>
  );
}
