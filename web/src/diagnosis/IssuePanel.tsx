import { useState, type ReactNode } from 'react';
import { confirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useI18n } from '../i18n/i18n';
import type { Row } from '../monitoring/wire-parse';
import { ControlForm } from './ControlForm';
import { DiagnoseForm } from './DiagnoseForm';
import { useDiagnosisServices } from './diagnosis-services';
import type { IssueFormProps } from './issue-form';
import { IssueOutcome } from './IssueOutcome';
import { IssueProgress } from './IssueProgress';
import { QueryForm } from './QueryForm';
import { SetForm } from './SetForm';
import type { IssueRunner } from './use-issue-runner';
import { checkDiagnose, checkInstruction, withErrors, type FieldErrors } from './validation';
import { VehiclePicker, type PickedVehicle } from './VehiclePicker';

interface Props {
  runner: IssueRunner;
  onDetail: (row: Row) => void;
}

/**
 * The issue side of the screen: one vehicle for query, set and control, several for a diagnosis.
 * Tabs the user has no grant for are left out; forms keep their input when switching tabs.
 */
export function IssuePanel({ runner, onDetail }: Props) {
  const { t } = useI18n();
  const { grants } = useDiagnosisServices();
  const [tab, setTab] = useState(0);
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [vehicles, setVehicles] = useState<PickedVehicle[]>([]);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = runner.inFlight !== null;

  const submit: IssueFormProps['submit'] = (instructType, content, formErrors, confirm) => {
    const body = { vehicleId: vehicle?.id, instructType, content, remark: remark.trim() || undefined };
    const checked = withErrors(checkInstruction(body as Parameters<typeof checkInstruction>[0]), formErrors);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok || !vehicle) return;
    const go = () => void runner.instruct(checked.data, vehicle.label);
    if (!confirm?.confirm) return go();
    confirmDialog({
      header: t('diagConfirmTitle'),
      message: t('diagConfirmCommand', { command: t(confirm.label), vehicle: vehicle.label }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('diagConfirmAccept'),
      rejectLabel: t('commonCancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: go,
    });
  };

  const submitDiagnose = () => {
    const checked = checkDiagnose({ vehicleIds: vehicles.map((v) => v.id), remark: remark.trim() || undefined });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const label = vehicles.length === 1 ? vehicles[0].label : t('diagVehicleCount', { count: vehicles.length });
    void runner.diagnose(checked.data, label);
  };

  const formProps: IssueFormProps = { submit, errors, busy, remark, onRemark: setRemark };
  const panels: { key: string; header: string; body: ReactNode }[] = [
    ...(grants.instruct
      ? [
          { key: 'query', header: t('diagTabQuery'), body: <QueryForm {...formProps} /> },
          { key: 'set', header: t('diagTabSet'), body: <SetForm {...formProps} /> },
          { key: 'control', header: t('diagTabControl'), body: <ControlForm {...formProps} /> },
        ]
      : []),
    ...(grants.diagnose
      ? [{
          key: 'diagnose',
          header: t('diagTabDiagnose'),
          body: <DiagnoseForm vehicles={vehicles} onVehicles={setVehicles} onSubmit={submitDiagnose} {...formProps} />,
        }]
      : []),
  ];
  if (panels.length === 0) return null;
  const active = Math.min(tab, panels.length - 1);
  const singleVehicle = panels[active].key !== 'diagnose';

  return (
    <section className="wd-card wd-diag-issue" aria-label={t('diagIssueArea')}>
      {singleVehicle && (
        <div className="wd-field wd-diag-vehicle">
          <label htmlFor="diag-vehicle"><span className="wd-required">*</span>{t('diagVehicle')}</label>
          <VehiclePicker inputId="diag-vehicle" value={vehicle} onChange={setVehicle} invalid={Boolean(errors.vehicle)} disabled={busy} />
          {errors.vehicle && <small className="wd-field-error" role="alert">{errors.vehicle}</small>}
        </div>
      )}
      <TabView
        activeIndex={active}
        renderActiveOnly={false}
        onTabChange={(e) => {
          setTab(e.index);
          setErrors({});
        }}
      >
        {panels.map((p, i) => (
          <TabPanel key={p.key} header={p.header}>
            {/* Every form stays mounted so switching tabs keeps its input; `hidden` keeps the others out of reach. */}
            <div hidden={i !== active}>{p.body}</div>
          </TabPanel>
        ))}
      </TabView>
      {runner.inFlight && <IssueProgress inFlight={runner.inFlight} />}
      {runner.outcome && <IssueOutcome outcome={runner.outcome} onDetail={onDetail} />}
    </section>
  );
}
