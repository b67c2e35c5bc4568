import { describe, expect, it } from 'vitest';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { AlarmTracker, alarmId } from './alarm-tracker.ts';

const VIN = 'LTRACKER000000001';
const hot = { type: 'gb:temperatureDiff', name: '温度差异报警', level: 2, source: 'gbt32960' as const };
const low = { type: 'platform:lowSoc', name: 'SOC过低报警', level: 1, source: 'platform' as const };

describe('alarm tracker', () => {
  it('turns a condition lasting several frames into one start and one end with the same id', () => {
    const tr = new AlarmTracker();
    const [start] = tr.process(snapshot(VIN, 1000), [hot]);
    expect(tr.process(snapshot(VIN, 2000), [hot])).toEqual([]);
    const [end] = tr.process(snapshot(VIN, 3000), []);
    expect(start).toMatchObject({ phase: 'start', id: alarmId(VIN, hot.type, 1000), startTime: 1000, endTime: null, level: 2 });
    expect(end).toMatchObject({ phase: 'end', id: start!.id, startTime: 1000, endTime: 3000 });
    expect(tr.openOf(VIN)).toEqual([]);
  });

  it('lists the open alarms of a vehicle and takes a handed-over set in place of its own', () => {
    const tr = new AlarmTracker();
    tr.process(snapshot(VIN, 1000), [hot]);
    expect(tr.openOf(VIN)).toEqual([{ id: alarmId(VIN, hot.type, 1000), type: hot.type, startTime: 1000 }]);
    tr.replace(VIN, [{ id: '42', type: low.type, startTime: 500 }]);
    const events = tr.process(snapshot(VIN, 2000), [low]);
    // The handed-over alarm goes on (no new start); the replaced one is not ended twice.
    expect(events).toEqual([]);
    expect(tr.process(snapshot(VIN, 3000), [])).toMatchObject([{ phase: 'end', id: '42', alarmType: low.type, startTime: 500 }]);
  });

  it('forgets a vehicle that moved away: nothing of it is ended here', () => {
    const tr = new AlarmTracker();
    tr.process(snapshot(VIN, 1000), [hot]);
    tr.forget(VIN);
    expect(tr.known(VIN)).toBe(false);
    expect(tr.process(snapshot(VIN, 2000), [])).toEqual([]);
  });
});
