import { describeEspeed } from '@wdiov/contracts/live/socket-messages';
import type { MessageKey } from '../i18n/i18n';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * A reading with its unit, applying the sentinels everywhere the card applies them to speed:
 * −0.1 invalid, −0.2 abnormal, null (not reported) as a dash.
 */
export function readingText(value: number | null | undefined, unit: string, t: Translate, digits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  const kind = describeEspeed(value).kind;
  if (kind === 'invalid') return t('alarmSpeedInvalid');
  if (kind === 'abnormal') return t('alarmSpeedAbnormal');
  const rounded = Number.isInteger(value) ? String(value) : value.toFixed(digits);
  return unit ? `${rounded} ${unit}` : rounded;
}

const STATE_KEYS: Record<number, MessageKey> = {
  1: 'monStateDriving',
  2: 'monStateParked',
  3: 'monStateCharging',
  4: 'monStateOffline',
};

export function stateText(state: number | null | undefined, t: Translate): string {
  return state && STATE_KEYS[state] ? t(STATE_KEYS[state]) : '–';
}
