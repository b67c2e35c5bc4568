import type { ReactNode } from 'react';
import { vehicleAlarmData, vehicleFaultData } from '@wdiov/contracts/entities/telemetry/vehicle-alarm-data';
import { ResponseFlag } from '@wdiov/contracts/protocol/constants';
import { faultCategoryName, faultDisplayName, type FaultRecord } from '@wdiov/contracts/protocol/fault-names';
import { useI18n, type Language, type MessageKey } from '../i18n/i18n';
import { asArray, asRecord, type Row } from '../monitoring/wire-parse';
import { answerOf } from './instruction-record';
import { hexId, paramName, paramUnit } from './param-catalog';

const FLAG_LABELS: Record<number, MessageKey> = {
  [ResponseFlag.success]: 'diagFlagSuccess',
  [ResponseFlag.error]: 'diagFlagError',
  [ResponseFlag.vinDuplicate]: 'diagFlagVinDuplicate',
  [ResponseFlag.vinNotFound]: 'diagFlagVinNotFound',
  [ResponseFlag.signatureInvalid]: 'diagFlagSignature',
  [ResponseFlag.dataStructureError]: 'diagFlagStructure',
  [ResponseFlag.decryptionError]: 'diagFlagDecryption',
};

/** A query's answer: one line per parameter with its name and unit; null is what the terminal marked invalid. */
export function ParamAnswerTable({ params }: { params: Record<string, unknown> }) {
  const { t, language } = useI18n();
  const ids = Object.keys(params).map(Number).filter(Number.isFinite).sort((a, b) => a - b);
  if (ids.length === 0) return <p className="wd-mon-empty">{t('diagNoParams')}</p>;
  return (
    <table className="wd-diag-table" aria-label={t('diagAnswerParams')}>
      <thead>
        <tr><th>{t('diagParamId')}</th><th>{t('diagParamName')}</th><th>{t('diagParamValue')}</th><th>{t('diagParamUnit')}</th></tr>
      </thead>
      <tbody>
        {ids.map((id) => {
          const value = params[String(id)];
          return (
            <tr key={id}>
              <td>{hexId(id)}</td>
              <td>{paramName(id, language)}</td>
              <td>{value === null || value === undefined ? <em className="wd-diag-invalid">{t('diagValueInvalid')}</em> : String(value)}</td>
              <td>{paramUnit(id)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const cellText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

type Labelled = { fields: Record<string, { label: { zh: string; en: string } }> };
/** Keys shown by a name rather than as answered (a fault's category and code). */
type Named = Record<string, (row: Record<string, unknown>, language: Language) => string>;
const FAULT_NAMES: Named = {
  category: (r, language) => faultCategoryName(String(r.category ?? ''), language),
  faultName: (r, language) => faultDisplayName(r as FaultRecord, language),
};

/**
 * Alarms and faults as the gateway lists them: a column per key, whatever keys they carry;
 * a key the alarm/fault entity knows is headed with that field's label.
 */
export function KeyedTable({ rows, label, entity, named }: { rows: unknown[]; label: string; entity: Labelled; named?: Named }) {
  const { language } = useI18n();
  const records = rows.map(asRecord);
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return (
    <table className="wd-diag-table" aria-label={label}>
      <thead><tr>{keys.map((k) => <th key={k}>{entity.fields[k]?.label[language] ?? k}</th>)}</tr></thead>
      <tbody>
        {records.map((r, i) => <tr key={i}>{keys.map((k) => <td key={k}>{named?.[k] ? named[k](r, language) : cellText(r[k])}</td>)}</tr>)}
      </tbody>
    </table>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="wd-diag-section">
      <h4>{title}</h4>
      {children}
    </section>
  );
}

/** The decoded answer of any instruction: parameters, the response flag, and a diagnosis's state, alarms and faults. */
export function AnswerView({ row }: { row: Row }) {
  const { t } = useI18n();
  const answer = answerOf(row);
  // A diagnosis leads with the live state, alarms and faults; the long parameter list comes last.
  const parts: ReactNode[] = [];
  const tail: ReactNode[] = [];
  if (answer.params && typeof answer.params === 'object') {
    tail.push(<Section key="params" title={t('diagAnswerParams')}><ParamAnswerTable params={asRecord(answer.params)} /></Section>);
  }
  if (answer.responseFlag !== undefined && answer.responseFlag !== null) {
    const flag = Number(answer.responseFlag);
    const label = FLAG_LABELS[flag] ? t(FLAG_LABELS[flag]) : '';
    tail.push(
      <dl key="flag" className="wd-mon-dl">
        <div><dt>{t('diagResponseFlag')}</dt><dd>{`${label} (${hexId(flag)})`.trim()}</dd></div>
      </dl>,
    );
  }
  if (answer.state && typeof answer.state === 'object') {
    const s = asRecord(answer.state);
    const online = s.online === true || s.online === 1 ? t('diagYes') : s.online === false || s.online === 0 ? t('diagNo') : '';
    parts.push(
      <Section key="state" title={t('diagState')}>
        <dl className="wd-mon-dl">
          <div><dt>{t('diagOnline')}</dt><dd>{online}</dd></div>
          <div><dt>{t('diagSpeed')}</dt><dd>{cellText(s.speed)}{s.speed !== undefined && s.speed !== null ? ' km/h' : ''}</dd></div>
          <div><dt>SOC</dt><dd>{cellText(s.soc)}{s.soc !== undefined && s.soc !== null ? ' %' : ''}</dd></div>
          <div><dt>{t('diagStateTime')}</dt><dd>{cellText(s.time)}</dd></div>
        </dl>
      </Section>,
    );
  }
  const lists = [['alarms', t('diagAlarms'), vehicleAlarmData], ['faults', t('diagFaults'), vehicleFaultData]] as const;
  for (const [key, title, entity] of lists) {
    if (!Array.isArray(answer[key])) continue;
    const rows = asArray(answer[key]);
    parts.push(
      <Section key={key} title={`${title} (${rows.length})`}>
        {rows.length ? <KeyedTable rows={rows} label={title} entity={entity as Labelled} named={key === 'faults' ? FAULT_NAMES : undefined} /> : <p className="wd-mon-empty">{t('diagNone')}</p>}
      </Section>,
    );
  }
  parts.push(...tail);
  if (parts.length === 0) return <p className="wd-mon-empty">{t('diagNoAnswer')}</p>;
  return <div className="wd-diag-answer">{parts}</div>;
}
