import { FAULT_ITEMS } from '@wdiov/contracts/alarm-rules/gbt45688/fault-items';
import { HIDDEN_DANGER_ITEMS } from '@wdiov/contracts/alarm-rules/gbt45688/hidden-danger-items';
import type { SafetyDayFigure } from '@wdiov/contracts/api/safety-profile.route';
import type { Language, MessageKey } from '../i18n/i18n';
import type { SafetyWarning } from './safety-api';

/** Every item as the standard numbers it, F1…F12 then C1…C12, with its name in both languages. */
export const SAFETY_ITEMS = [...FAULT_ITEMS, ...HIDDEN_DANGER_ITEMS].map((i) => ({ code: i.code as string, name: i.name }));
const NAMES = new Map(SAFETY_ITEMS.map((i) => [i.code, i.name]));

/** An item's name in the user's language (the stored name, for an item the console does not know). */
export const itemName = (code: string, language: Language, stored = '') => NAMES.get(code)?.[language] ?? (stored || code);

export const FIGURE_KEYS: Record<SafetyDayFigure, MessageKey> = {
  warnings: 'figureWarnings', episodes: 'figureEpisodes', rangeVolts: 'figureRangeVolts', insulationLowFrames: 'figureInsulationLowFrames',
  samplingFaultFrames: 'figureSamplingFaultFrames', lastSoc: 'figureLastSoc', hotPercent: 'figureHotPercent', none: 'figureNone',
};

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** `yyyy-MM-dd HH:mm:ss` in the server's zone → epoch ms (NaN when it is not one). */
export function serverTime(text: string, utcOffsetMin: number): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - utcOffsetMin * 60_000;
}

/** A length of time in whole minutes: days and hours, hours and minutes, or minutes. */
export function spanText(ms: number, t: Translate): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return t('safetyDays', { d, h });
  if (h > 0) return t('safetyHours', { h, m });
  return t('safetyMinutes', { m });
}

/** How long until a warning must be handled, or how far past it is; under a minute either way is "now". */
export function countdownText(deadlineMs: number, nowMs: number, t: Translate): string {
  const left = deadlineMs - nowMs;
  if (Math.abs(left) < 60_000) return t('safetyDueNow');
  return left > 0 ? t('safetyLeft', { time: spanText(left, t) }) : t('safetyOverdue', { time: spanText(left, t) });
}

export const isOverdue = (w: SafetyWarning, nowMs: number, utcOffsetMin: number) => w.status === 0 && serverTime(w.deadline, utcOffsetMin) < nowMs;

/**
 * The workbench's order: open and overdue first, then open by level (highest first) and
 * deadline (soonest first), handled last. The gateway already pages by deadline, so the
 * overdue come first across pages too.
 */
export function workbenchOrder(rows: readonly SafetyWarning[], nowMs: number, utcOffsetMin: number): SafetyWarning[] {
  const rank = (w: SafetyWarning) => (w.status !== 0 ? 2 : isOverdue(w, nowMs, utcOffsetMin) ? 0 : 1);
  return [...rows].sort((a, b) => rank(a) - rank(b) || b.level - a.level || serverTime(a.deadline, utcOffsetMin) - serverTime(b.deadline, utcOffsetMin));
}
