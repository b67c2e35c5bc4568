import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InstructType } from '@wdiov/contracts/diagnosis/instruction';
import { useI18n } from '../i18n/i18n';
import type { IssueFormProps } from './issue-form';
import { IssueBar } from './IssueBar';
import { checkParamValue, hexId, paramInput, paramName, paramUnit, rangeText, SETTABLE_IDS } from './param-catalog';
import type { FieldErrors } from './validation';

interface SetRow {
  key: number;
  id: number | null;
  value: number | string | null;
}

let nextKey = 1;
const emptyRow = (): SetRow => ({ key: nextKey++, id: null, value: null });

/** The input a parameter takes: a number in its range, text for domains, yes/no for sampling. */
function ValueInput({ row, inputId, invalid, onChange }: { row: SetRow; inputId: string; invalid: boolean; onChange: (v: number | string | null) => void }) {
  const { t } = useI18n();
  const input = row.id === null ? undefined : paramInput(row.id);
  if (!input) return <InputText id={inputId} disabled value="" placeholder={t('diagChooseParamFirst')} />;
  if (input.kind === 'text') {
    return <InputText id={inputId} value={String(row.value ?? '')} maxLength={input.maxLength} invalid={invalid} onChange={(e) => onChange(e.target.value)} />;
  }
  if (input.kind === 'choice') {
    const options = input.options.map((o) => ({ value: o.value, label: `${t(o.key)} (${o.value})` }));
    return <Dropdown inputId={inputId} value={row.value} options={options} invalid={invalid} onChange={(e) => onChange(e.value as number)} placeholder={t('diagChoose')} />;
  }
  return (
    <InputNumber
      inputId={inputId}
      value={typeof row.value === 'number' ? row.value : null}
      min={input.min}
      max={input.max}
      useGrouping={false}
      invalid={invalid}
      onValueChange={(e) => onChange(e.value ?? null)}
    />
  );
}

/** Parameter set (0x81): rows of parameter and value; values in the standard's raw units. */
export function SetForm({ submit, errors, busy, remark, onRemark }: IssueFormProps) {
  const { t, language } = useI18n();
  const [rows, setRows] = useState<SetRow[]>(() => [emptyRow()]);
  const update = (key: number, patch: Partial<SetRow>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const used = new Set(rows.map((r) => r.id));
  const optionsFor = (row: SetRow) =>
    SETTABLE_IDS.filter((id) => id === row.id || !used.has(id)).map((id) => ({ value: id, label: `${paramName(id, language)} (${hexId(id)})` }));

  const onSubmit = () => {
    const own: FieldErrors = {};
    rows.forEach((r, i) => {
      const problem = r.id === null ? 'diagValParamRequired' : checkParamValue(r.id, r.value);
      if (problem) own[`params.${i}`] = t(problem);
    });
    const params = rows.map((r) => ({ id: r.id, value: typeof r.value === 'string' ? r.value.trim() : r.value }));
    submit(InstructType.set, { params }, own);
  };

  return (
    <form className="wd-diag-form" onSubmit={(e) => (e.preventDefault(), onSubmit())}>
      <table className="wd-diag-set" aria-label={t('diagTypeSet')}>
        <thead>
          <tr><th>{t('diagParamName')}</th><th>{t('diagParamValue')}</th><th>{t('diagParamRange')}</th><th /></tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const input = row.id === null ? undefined : paramInput(row.id);
            const error = errors[`params.${i}`];
            return (
              <tr key={row.key}>
                <td>
                  <Dropdown
                    inputId={`diag-set-id-${i}`}
                    aria-label={t('diagParamName')}
                    value={row.id}
                    options={optionsFor(row)}
                    filter
                    placeholder={t('diagChooseParam')}
                    onChange={(e) => update(row.key, { id: e.value as number, value: null })}
                  />
                </td>
                <td>
                  <ValueInput row={row} inputId={`diag-set-value-${i}`} invalid={Boolean(error)} onChange={(value) => update(row.key, { value })} />
                  {error && <small className="wd-field-error" role="alert">{error}</small>}
                </td>
                <td className="wd-diag-hint">
                  {input ? [rangeText(input), row.id !== null ? paramUnit(row.id) : ''].filter(Boolean).join(' ') : ''}
                </td>
                <td>
                  <Button
                    type="button"
                    size="small"
                    text
                    severity="danger"
                    icon="pi pi-minus-circle"
                    aria-label={t('diagRemoveRow')}
                    disabled={rows.length === 1}
                    onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button type="button" size="small" text icon="pi pi-plus" label={t('diagAddRow')} disabled={rows.length >= SETTABLE_IDS.length} onClick={() => setRows([...rows, emptyRow()])} />
      {errors.params && <small className="wd-field-error" role="alert">{errors.params}</small>}
      <p className="wd-diag-hint">{t('diagSetHint')}</p>
      <IssueBar name="set" remark={remark} onRemark={onRemark} busy={busy} label={t('diagIssueInstruction')} errors={errors} />
    </form>
  );
}
