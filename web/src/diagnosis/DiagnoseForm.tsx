import { useI18n } from '../i18n/i18n';
import { DIAGNOSE_MAX } from './instruction-api';
import { IssueBar } from './IssueBar';
import type { FieldErrors } from './validation';
import { MultiVehiclePicker, type PickedVehicle } from './VehiclePicker';

interface Props {
  vehicles: PickedVehicle[];
  onVehicles: (vehicles: PickedVehicle[]) => void;
  onSubmit: () => void;
  errors: FieldErrors;
  busy: boolean;
  remark: string;
  onRemark: (remark: string) => void;
}

/** Remote diagnosis: every parameter of each chosen vehicle, with its live state, open alarms and recent faults. */
export function DiagnoseForm({ vehicles, onVehicles, onSubmit, errors, busy, remark, onRemark }: Props) {
  const { t } = useI18n();
  return (
    <form className="wd-diag-form" onSubmit={(e) => (e.preventDefault(), onSubmit())}>
      <p className="wd-diag-hint">{t('diagDiagnoseHint')}</p>
      <div className="wd-field wd-diag-vehicles-field">
        <label htmlFor="diag-vehicles"><span className="wd-required">*</span>{t('diagVehicles')}</label>
        <MultiVehiclePicker inputId="diag-vehicles" values={vehicles} onChange={onVehicles} max={DIAGNOSE_MAX} invalid={Boolean(errors.vehicles)} disabled={busy} />
        {errors.vehicles && <small className="wd-field-error" role="alert">{errors.vehicles}</small>}
      </div>
      <IssueBar name="diagnose" remark={remark} onRemark={onRemark} busy={busy} label={t('diagIssueDiagnose')} errors={errors} />
    </form>
  );
}
