import {
  AlarmCardType,
  describeEspeed,
  FENCE_ARRIVAL_WINDOW_S,
  type AlarmCardData,
} from '@wdiov/contracts/live/socket-messages';
import { alarmTypeName } from '@wdiov/contracts/alarm-rules/registry';
import { locationText } from '@wdiov/contracts/geo/place-location';
import { getLanguage } from '../i18n/i18n';
import type { MessageKey } from '../i18n/zh';
import { serverZone } from '../shared/server-zone';

export type CardKind = 'alarm' | 'fault' | 'fence';

export function cardKind(card: AlarmCardData): CardKind {
  if (card.type === AlarmCardType.fault) return 'fault';
  if (card.type === AlarmCardType.fence) return 'fence';
  return 'alarm';
}

export const KIND_LABELS: Record<CardKind, MessageKey> = {
  alarm: 'alarmKindAlarm',
  fault: 'alarmKindFault',
  fence: 'alarmKindFence',
};

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** −0.1 invalid, −0.2 abnormal, else km/h (spec §4). */
export function speedText(espeed: number, t: Translate): string {
  const speed = describeEspeed(espeed);
  if (speed.kind === 'invalid') return t('alarmSpeedInvalid');
  if (speed.kind === 'abnormal') return t('alarmSpeedAbnormal');
  return t('alarmSpeedKmh', { value: speed.kmh ?? espeed });
}

/** The card's heading: the alarm (by its rule's name in the user's language), fault or fence name. */
export function cardName(card: AlarmCardData): string {
  const kind = cardKind(card);
  if (kind === 'fault') return card.faultName ?? card.faultCode ?? '';
  if (kind === 'fence') return card.fenceName ?? card.fenceId ?? '';
  return (card.alarmType && alarmTypeName(card.alarmType, getLanguage())) || card.alarmName || card.alarmType || '';
}

/** The end of the fence arrival estimate window: accessTime + 180 s; '' when unknown. */
export function fenceArrivalDeadline(accessTime: string | undefined): string {
  if (!accessTime) return '';
  // Both times are the server's wall clock, whatever the browser's zone.
  const start = serverZone.parse(accessTime);
  if (!start) return '';
  return serverZone.text(start.getTime() + FENCE_ARRIVAL_WINDOW_S * 1000);
}

/** The card's location in the user's language: the geocoder's address, or district and nearest own place; else the raw point. */
export function cardAddress(card: AlarmCardData): string {
  const worded = card.location ? locationText(card.location, getLanguage()) : '';
  if (worded) return worded;
  if (card.address) return card.address;
  if (card.elng == null || card.elat == null) return '';
  return `${card.elng.toFixed(6)}, ${card.elat.toFixed(6)}`;
}

/** Where 'view now' goes for each kind of card. */
export function viewNowPath(card: AlarmCardData): string {
  const kind = cardKind(card);
  if (kind === 'fault') return `/alarm/vehicleFault?${new URLSearchParams({ vin: card.vin })}`;
  if (kind === 'fence') return `/fenceAccessRecord/index?${new URLSearchParams({ vin: card.vin })}`;
  return `/alarm/vehicleAlarm?${new URLSearchParams({ vin: card.vin, alarmType: card.alarmType ?? '' })}`;
}

/** Level 4 (the platform's highest, e.g. thermal runaway): darker than level 3's red, and always first. */
export const CRITICAL_COLOUR = '#a8071a';

/**
 * How urgent a card is: its level (0–4); an alarm or fault without one counts as level 3
 * (it is shown red), a fence without one as 0.
 */
export function severity(card: AlarmCardData): number {
  return card.level ?? (cardKind(card) === 'fence' ? 0 : 3);
}

/** What identifies a card across its live call and a catch-up: its kind and record id (none without an id). */
export function cardIdentity(card: AlarmCardData): string | undefined {
  return card.id ? `${card.type}:${card.id}` : undefined;
}

/**
 * The most severe first, then the newest by the time the alarm began (a card caught up after a
 * reconnect arrives late but is not newer); among equals the order given (newest first) stays.
 * Times are the server's 'yyyy-MM-dd HH:mm:ss', so their text orders them.
 */
export function mostSevereFirst<T extends { card: AlarmCardData }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => severity(b.card) - severity(a.card) || (b.card.stime ?? '').localeCompare(a.card.stime ?? ''));
}

/** UI.md state colours: level 3 red, 2 orange, 1 yellow, 4 a deeper red; no level means red for alarms. */
export function levelColour(card: AlarmCardData): string {
  if (card.level === 4) return CRITICAL_COLOUR;
  if (card.level === 1) return '#e6a23c';
  if (card.level === 2) return '#f56c2d';
  if (cardKind(card) === 'fence') return '#409eff';
  return '#f56c6c';
}
