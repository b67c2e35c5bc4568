import { z } from 'zod';

/**
 * GB/T 32960 alarm levels: 0 none, 1–3 the standard's levels, 4 the platform's highest
 * (thermal runaway and the like). One schema for events, cards, positions and telemetry, so a
 * level one part produces is never dropped by another.
 */
export const MAX_ALARM_LEVEL = 4;
export const alarmLevel = z.number().int().min(0).max(MAX_ALARM_LEVEL);
export type AlarmLevel = z.infer<typeof alarmLevel>;
