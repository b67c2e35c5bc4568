import { InstructStatus, InstructType } from '@wdiov/contracts/diagnosis/instruction';
import { t, type Language, type MessageKey } from '../i18n/i18n';
import { asArray, asRecord, type Row } from '../monitoring/wire-parse';
import { ALARM_LEVELS, commandDef } from './control-catalog';
import { contentOf, typeOf } from './instruction-record';
import { paramName } from './param-catalog';

/**
 * Labels of instruction types and statuses. The instruct_type/instruct_status dictionaries are
 * Chinese only, so the console keeps its own translated copy of their keys.
 */
export const TYPE_LABELS: Record<number, MessageKey> = {
  [InstructType.query]: 'diagTypeQuery',
  [InstructType.set]: 'diagTypeSet',
  [InstructType.control]: 'diagTypeControl',
  [InstructType.diagnose]: 'diagTypeDiagnose',
};

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast';

/** Status tags: answered green, sent blue, failed red, timed out orange, offline grey as the map's offline. */
export const STATUS_LOOK: Record<number, { label: MessageKey; severity: Severity }> = {
  [InstructStatus.pending]: { label: 'diagStatusPending', severity: 'secondary' },
  [InstructStatus.sent]: { label: 'diagStatusSent', severity: 'info' },
  [InstructStatus.answered]: { label: 'diagStatusAnswered', severity: 'success' },
  [InstructStatus.failed]: { label: 'diagStatusFailed', severity: 'danger' },
  [InstructStatus.timedOut]: { label: 'diagStatusTimedOut', severity: 'warning' },
  [InstructStatus.offline]: { label: 'diagStatusOffline', severity: 'secondary' },
};

export const typeLabel = (type: number) => (TYPE_LABELS[type] ? t(TYPE_LABELS[type]) : String(type || ''));

/** Names listed before 'and n more' in a one-line summary. */
const SHOWN = 3;

function listText(items: string[]): string {
  if (items.length <= SHOWN) return items.join(', ');
  return t('diagSummaryMore', { items: items.slice(0, SHOWN).join(', '), count: items.length });
}

/** What an instruction asked for, on one line (the records table's content column). */
export function contentSummary(row: Row, language: Language): string {
  const content = contentOf(row);
  switch (typeOf(row)) {
    case InstructType.query:
      return listText(asArray(content.ids).map((id) => paramName(Number(id), language)));
    case InstructType.set:
      return listText(asArray(content.params).map((p) => {
        const item = asRecord(p);
        return `${paramName(Number(item.id), language)} = ${String(item.value ?? '')}`;
      }));
    case InstructType.control: {
      const def = commandDef(Number(content.commandId));
      const name = def ? t(def.label) : String(content.commandId ?? '');
      if (typeof content.upgrade === 'string' && content.upgrade) return `${name}: ${content.upgrade.split(';')[0]}`;
      if (content.alarmLevel !== undefined && content.alarmLevel !== null) {
        const level = ALARM_LEVELS.find((l) => l.value === Number(content.alarmLevel));
        return `${name}: ${level ? t(level.label) : String(content.alarmLevel)}`;
      }
      return name;
    }
    case InstructType.diagnose:
      return t('diagSummaryDiagnose');
    default:
      return JSON.stringify(content);
  }
}
