import { useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { InstructType } from '@wdiov/contracts/diagnosis/instruction';
import { useI18n } from '../i18n/i18n';
import type { IssueFormProps } from './issue-form';
import { IssueBar } from './IssueBar';
import { hexId, paramName, paramUnit, QUERYABLE_IDS } from './param-catalog';

/** Parameter query (0x80): tick the parameters to read; the answer lists each with its unit. */
export function QueryForm({ submit, errors, busy, remark, onRemark }: IssueFormProps) {
  const { t, language } = useI18n();
  const [ids, setIds] = useState<number[]>([]);
  const all = ids.length === QUERYABLE_IDS.length;
  const toggle = (id: number, on: boolean) => setIds(on ? [...ids, id].sort((a, b) => a - b) : ids.filter((x) => x !== id));
  return (
    <form
      className="wd-diag-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit(InstructType.query, { ids }, {});
      }}
    >
      <fieldset className="wd-diag-params" aria-invalid={Boolean(errors.ids)}>
        <legend>
          <Checkbox inputId="diag-q-all" checked={all} onChange={(e) => setIds(e.checked ? [...QUERYABLE_IDS] : [])} />
          <label htmlFor="diag-q-all">{t('diagSelectAll')}</label>
          <span className="wd-diag-hint">{t('diagSelectedCount', { count: ids.length })}</span>
        </legend>
        <ul>
          {QUERYABLE_IDS.map((id) => (
            <li key={id}>
              <Checkbox inputId={`diag-q-${id}`} checked={ids.includes(id)} onChange={(e) => toggle(id, Boolean(e.checked))} />
              <label htmlFor={`diag-q-${id}`}>
                {paramName(id, language)} <small>{hexId(id)}{paramUnit(id) ? ` · ${paramUnit(id)}` : ''}</small>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {errors.ids && <small className="wd-field-error" role="alert">{errors.ids}</small>}
      <IssueBar name="query" remark={remark} onRemark={onRemark} busy={busy} label={t('diagIssueInstruction')} errors={errors} />
    </form>
  );
}
