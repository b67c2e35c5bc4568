import { speedText } from '../live/alarm-card-view';
import { t } from '../i18n/i18n';
import { STATE_HEX } from '../live-store/vehicle-colours';
import type { RecordColumn } from './entity-columns';
import type { Row } from './wire-parse';

const speedOf = (row: Row) => (row.speed === null || row.speed === undefined || row.speed === '' ? '' : speedText(Number(row.speed), t));

/** Speed with the −0.1 invalid / −0.2 abnormal rules of the alarm card. */
export const speedCell = (c: RecordColumn): RecordColumn => ({ ...c, body: speedOf, text: speedOf });

const levelHex = (level: number) => (level >= 3 ? STATE_HEX.alarm3 : level === 2 ? STATE_HEX.alarm2 : level === 1 ? STATE_HEX.alarm1 : '');

/** The level as the state colour a dot on the map would have. */
export const levelCell = (c: RecordColumn): RecordColumn => ({
  ...c,
  body: (row) => {
    const level = Number(row[c.field] ?? 0);
    return <span className="wd-mon-level" style={{ background: levelHex(level) || undefined }}>{level}</span>;
  },
});

const yesNo = (row: Row, field: string) => {
  const v = row[field];
  return v === true || v === 1 || v === '1' || v === 'true' ? t('monYes') : t('monNo');
};

export const boolCell = (c: RecordColumn): RecordColumn => ({ ...c, body: (r) => yesNo(r, c.field), text: (r) => yesNo(r, c.field) });

const accessOf = (row: Row) => (Number(row.accessType) === 1 ? t('alarmAccessEnter') : t('alarmAccessLeave'));

/** 1 enter, otherwise leave (spec). */
export const accessCell = (c: RecordColumn): RecordColumn => ({ ...c, body: accessOf, text: accessOf });
