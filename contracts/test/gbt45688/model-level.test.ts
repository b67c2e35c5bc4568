import { describe, expect, it } from 'vitest';
import { modelEscalated, modelRatio } from '../../src/alarm-rules/gbt45688/model-level.ts';
import { safetySettingsOf } from '../../src/alarm-rules/gbt45688/settings.ts';

describe('the model-level escalation of Annex D', () => {
  it('compares the counts, so a model exactly at the percent escalates only when 以上 is read inclusive', () => {
    expect(modelEscalated(1, 20, 5, false)).toBe(false);
    expect(modelEscalated(1, 20, 5, true)).toBe(true);
    expect(modelEscalated(2, 20, 5, false)).toBe(true);
    expect(modelEscalated(1, 10, 10, false)).toBe(false);
    expect(modelEscalated(1, 9, 10, false)).toBe(true);
  });

  it('never escalates a model without vehicles in use or without findings, even at 0 %', () => {
    expect(modelEscalated(0, 0, 5, true)).toBe(false);
    expect(modelEscalated(0, 10, 0, true)).toBe(false);
    expect(modelRatio(3, 0)).toBe(0);
    expect(modelRatio(1, 3)).toBe(0.3333);
  });

  it('reads its percents and the inclusive choice from the platform params, defaults 5, 10 and exclusive', () => {
    expect(safetySettingsOf({})).toMatchObject({ 'escalation.faultPercent': 5, 'escalation.dangerPercent': 10, 'escalation.inclusive': false });
    const set = safetySettingsOf({ 'gbt45688.escalation.faultPercent': '3', 'gbt45688.escalation.dangerPercent': '120', 'gbt45688.escalation.inclusive': 'on' });
    expect(set).toMatchObject({ 'escalation.faultPercent': 3, 'escalation.dangerPercent': 10, 'escalation.inclusive': true });
  });
});
