import { describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import type { AlarmCardData, ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { t } from '../i18n/i18n';
import { AlarmInbox } from './alarm-inbox';
import { cellsFromFrame, cellSpread, weakestCell } from './battery-cells';
import { clickAt, draftGeometry, emptyDraft, geometryFromWire, isComplete, pickHandle, toWire, undo } from './fence-draw';
import { fieldLabel, groupValue, hexToBytes, parseFrameHex } from './frame-fields';
import { readRealtimeInfo } from './live-api';
import { advance, decimate, indexAt, positionAt } from './playback';
import { readingText } from './reading-text';
import { filterFromSearch, searchFromFilter } from './record-filter';
import { readTrack } from './track-api';
import { countAll, filterTree, normaliseTree } from './vehicle-tree';

/** Reference frame V4 (contracts test vectors): a 2016 realtime frame with four cell voltages. */
const V4 = '232302fe4f563230323630303031000000000000000100211a09110c1e00080101025a26dd00040001040ccc0cd00cc10cc70901010002474b65';

describe('realtimeInfo', () => {
  it('reads the gateway answer {vehicle, realtime, alarms} with its sentinels', () => {
    const info = readRealtimeInfo(
      {
        code: 200,
        data: {
          vehicle: { vin: 'LVIN0001', plateNumber: '粤B1' },
          realtime: { state: 1, speed: -0.2, soc: 66.5, voltage: 'invalid', current: -12.3, mileage: 1234.5, lng: 114, lat: 22.5, lastTime: '2025-01-01 08:00:00' },
          alarms: [{ id: '1', alarmName: '温度差异报警', alarmLevel: 3, startTime: '2025-01-01 07:59:00' }],
        },
      },
      'LVIN0001',
    );
    expect(info).toMatchObject({ vin: 'LVIN0001', plate: '粤B1', state: 1, speed: -0.2, soc: 66.5, voltage: -0.1, current: -12.3, mileage: 1234.5, time: '2025-01-01 08:00:00' });
    expect(info.alarms).toEqual([{ name: '温度差异报警', level: 3, time: '2025-01-01 07:59:00' }]);
    expect(readingText(info.speed, 'km/h', t)).toBe('异常');
    expect(readingText(info.voltage, 'V', t)).toBe('无效');
    expect(readingText(info.soc, '%', t)).toBe('66.5 %');
    expect(readingText(null, 'km', t)).toBe('–');
  });
});

describe('vehicle tree', () => {
  const raw = [
    { id: '1', title: '总部', children: [
      { id: '2', title: '一队', children: [
        { id: '10', title: '粤B1', vin: 'LVIN0001', plateNumber: '粤B1', state: 1 },
        { id: '11', title: '粤B2', vin: 'LVIN0002', plateNumber: '粤B2', state: 4 },
      ] },
      { id: '12', title: 'LVIN0003', vin: 'LVIN0003', plateNumber: '', state: 3 },
    ] },
  ];
  it('normalises nodes, searches by plate or VIN, counts per org with live states winning', () => {
    const tree = normaliseTree(raw);
    expect(tree[0].children[0].children[0]).toMatchObject({ key: 'vin:LVIN0001', label: '粤B1', vin: 'LVIN0001', plate: '粤B1' });
    expect(filterTree(tree, 'b2')[0].children[0].children.map((n) => n.vin)).toEqual(['LVIN0002']);
    expect(filterTree(tree, 'lvin0003')[0].children.map((n) => n.vin)).toEqual(['LVIN0003']);
    expect(filterTree(tree, 'nothing')).toEqual([]);
    const live: Record<string, number> = { LVIN0002: 2 };
    const counts = countAll(tree, (vin) => live[vin]);
    expect(counts.get('1')).toEqual({ total: 3, online: 3, byState: { 1: 1, 2: 1, 3: 1 } });
    expect(counts.get('2')).toMatchObject({ total: 2, online: 2 });
  });
});

describe('track', () => {
  const body = {
    code: 200,
    data: {
      plateNumber: '粤B1', truncated: false, mileage: 12.3,
      points: [
        { time: '2025-01-01 08:00:10', lng: 114.1, lat: 22.6, speed: 20, soc: 50, heading: 90 },
        { time: '2025-01-01 08:00:00', lng: 114.0, lat: 22.5, speed: -0.1, soc: null, heading: 0 },
        { time: '2025-01-01 08:00:20', lng: null, lat: null, speed: 0, soc: 49 },
      ],
      stops: [{ startTime: '2025-01-01 08:00:00', endTime: '2025-01-01 08:05:00', duration: 300, lng: 114, lat: 22.5 }],
    },
  };
  it('reads points in time order with a flat path, drops points without a fix, keeps stops', () => {
    const { track, plate, mileage } = readTrack(body, 480);
    expect(plate).toBe('粤B1');
    expect(mileage).toBe(12.3);
    expect(track.points.map((p) => p.lng)).toEqual([114.0, 114.1]);
    expect(Array.from(track.path)).toEqual([114.0, 22.5, 114.1, 22.6]);
    expect(track.stops).toHaveLength(1);
    expect(track.stops[0].end - track.stops[0].start).toBe(300_000);
  });

  it('playback: index by time, interpolated playhead, clamped advance, decimated chart', () => {
    const { track } = readTrack(body, 480);
    const t0 = track.points[0].ts;
    expect(indexAt(track, t0 - 1)).toBe(0);
    expect(indexAt(track, t0 + 5_000)).toBe(0);
    expect(indexAt(track, t0 + 10_000)).toBe(1);
    expect(positionAt(track, t0 + 5_000)).toMatchObject({ lng: 114.05, lat: 22.55, index: 0 });
    expect(positionAt(track, t0 + 60_000)).toMatchObject({ lng: 114.1, index: 1 });
    expect(advance(0, 100, 30, 10_000)).toEqual({ t: 3000, ended: false });
    expect(advance(9000, 100, 30, 10_000)).toEqual({ t: 10_000, ended: true });
    const many = Array.from({ length: 10_000 }, (_, i) => i);
    const shown = decimate(many, 100);
    expect(shown.length).toBe(101);
    expect(shown.at(-1)).toBe(9999);
  });
});

describe('message parsing in the browser', () => {
  it('decodes a raw frame field by field with the contracts codec', () => {
    const parsed = parseFrameHex(V4.toUpperCase().replace(/(..)/g, '$1 '));
    expect(parsed.ok).toBe(true);
    const byPath = Object.fromEntries(parsed.rows.map((r) => [r.path, r.value]));
    expect(byPath.vin).toBe('OV20260001');
    expect(byPath.command).toBe('2');
    expect(byPath['body.items[0].packs[0].cellVoltagesV']).toBe('3.276, 3.28, 3.265, 3.271');
    expect(byPath['body.time.year']).toBe('2026');
    // Named as the standard names them, in either language; a group by its kind.
    const row = (path: string) => parsed.rows.find((r) => r.path === path)!;
    expect(fieldLabel(row('body.items[0].packs[0].cellVoltagesV'), 'en')).toBe('Cell voltages (V)');
    expect(fieldLabel(row('body.items[0].packs[0].cellVoltagesV'), 'zh')).toBe('单体电池电压 (V)');
    expect(fieldLabel(row('body.items[0]'), 'en')).toBe('RESS voltage data 1');
    expect(fieldLabel(row('body.items[0].packs[0]'), 'en')).toBe('Subsystems 1');
    expect(groupValue(row('body'), 'en')).toBe('Realtime report');
    expect(parsed.rows.some((r) => r.path.endsWith('.kind'))).toBe(false);
  });

  it('says why a frame does not decode, keeping the readable header', () => {
    const broken = V4.slice(0, -2) + '00';
    const parsed = parseFrameHex(broken);
    expect(parsed).toMatchObject({ ok: false, error: 'badChecksum' });
    expect(parsed.rows.find((r) => r.path === 'vin')?.value).toBe('OV20260001');
    expect(parseFrameHex('zz')).toMatchObject({ ok: false, error: 'notHex' });
    expect(hexToBytes('0x23 23')).toEqual(new Uint8Array([0x23, 0x23]));
  });

  it('battery cells from a frame, the weakest marked', () => {
    const parsed = parseFrameHex(V4);
    if (!parsed.ok) throw new Error('V4 must decode');
    const cells = cellsFromFrame(parsed.frame);
    expect(cells).toEqual([3.276, 3.28, 3.265, 3.271]);
    expect(weakestCell(cells)).toBe(2);
    expect(cellSpread(cells)).toEqual({ min: 3.265, max: 3.28, spreadMv: 15 });
    expect(weakestCell([Number.NaN, -0.1])).toBe(-1);
  });
});

describe('fence drawing', () => {
  it('polygon: clicks add vertices, a picked vertex moves on the next click, undo drops the last', () => {
    let d = emptyDraft('polygon');
    d = clickAt(d, [114, 22]);
    d = clickAt(d, [114.1, 22]);
    expect(isComplete(d)).toBe(false);
    d = clickAt(d, [114.1, 22.1]);
    expect(isComplete(d)).toBe(true);
    d = clickAt(pickHandle(d, 1), [114.2, 22]);
    expect(d.points).toEqual([[114, 22], [114.2, 22], [114.1, 22.1]]);
    expect(toWire(d)).toEqual({ fenceType: 2, geometry: { points: d.points } });
    expect(undo(d).points).toHaveLength(2);
  });

  it('circle: centre, then a point on the edge sets the radius in metres', () => {
    let d = clickAt(emptyDraft('circle'), [114, 22]);
    expect(isComplete(d)).toBe(false);
    d = clickAt(d, [114, 22.01]);
    expect(d.radius).toBeGreaterThan(1100);
    expect(d.radius).toBeLessThan(1120);
    expect(draftGeometry(d)).toEqual({ kind: 'circle', center: [114, 22], radius: d.radius });
    expect(toWire(d)).toEqual({ fenceType: 1, geometry: { center: [114, 22], radius: d.radius } });
    d = clickAt(pickHandle(d, 0), [114.5, 22.5]);
    expect(d.center).toEqual([114.5, 22.5]);
  });

  it('reads stored geometry (object or JSON text) and refuses what does not fit the type', () => {
    expect(geometryFromWire(1, { center: [114, 22], radius: 300 })).toEqual({ kind: 'circle', center: [114, 22], radius: 300 });
    expect(geometryFromWire('2', '{"points":[[1,2],[3,4],[5,6]]}')).toEqual({ kind: 'polygon', points: [[1, 2], [3, 4], [5, 6]] });
    expect(geometryFromWire(2, { center: [114, 22], radius: 300 })).toBeNull();
    expect(geometryFromWire(1, 'not json')).toBeNull();
  });
});

describe('URL filters', () => {
  it('vin + alarmType, vin + timeSlot, and back', () => {
    const f = filterFromSearch(new URLSearchParams('vin=LVIN0001&alarmType=3&timeSlot=200,100'), 'alarmType');
    expect(f).toEqual({ vin: 'LVIN0001', type: '3', slot: { start: 100, end: 200 }, handled: '' });
    expect(searchFromFilter(f, 'alarmType').toString()).toBe('vin=LVIN0001&alarmType=3&timeSlot=100%2C200');
    expect(filterFromSearch(new URLSearchParams('timeSlot=abc')).slot).toBeNull();
  });
});

describe('alarm inbox', () => {
  const card = (over: Partial<AlarmCardData> = {}): AlarmCardData => ({ type: 0, id: '7', vin: 'LVIN0001', carPlate: '粤B1', espeed: 1, stime: 'x', duration: 1, ...over });
  it('keeps recent cards newest first and knows which can be handled', () => {
    const messages = new Subject<ServerSocketMessage>();
    const inbox = new AlarmInbox(messages, () => 5);
    messages.next({ code: 0, cmd: 1200, msg: '', ts: 1, data: card() });
    messages.next({ code: 0, cmd: 1001, msg: '', ts: 1, data: undefined });
    messages.next({ code: 0, cmd: 1200, msg: '', ts: 2, data: card({ type: 2, id: '8', level: 3 }) });
    const items = inbox.items$.getValue();
    expect(items.map((i) => i.card.id)).toEqual(['8', '7']);
    expect(inbox.canHandle(items[0])).toBe(false);
    expect(inbox.canHandle(items[1])).toBe(true);
    inbox.dismiss(items[0].key);
    expect(inbox.items$.getValue()).toHaveLength(1);
    inbox.stop();
  });

  it('lists a card with a record id once, however often it comes (live and caught up); an alarm and a fault may share an id', () => {
    const inbox = new AlarmInbox(new Subject<ServerSocketMessage>(), () => 5);
    inbox.add(card({ id: '1' }));
    inbox.add(card({ id: '1' }));
    inbox.add(card({ id: '1', type: 1 }));
    inbox.add(card({ id: undefined }));
    inbox.add(card({ id: undefined }));
    expect(inbox.items$.getValue().map((i) => [i.card.type, i.card.id])).toEqual([[0, undefined], [0, undefined], [1, '1'], [0, '1']]);
    inbox.stop();
  });

  it('lists a level-4 card first, above newer and lower ones', () => {
    const inbox = new AlarmInbox(new Subject<ServerSocketMessage>(), () => 5);
    inbox.add(card({ id: '1', level: 4 }));
    inbox.add(card({ id: '2', level: 3 }));
    inbox.add(card({ id: '3', level: 1 }));
    expect(inbox.items$.getValue().map((i) => i.card.id)).toEqual(['1', '2', '3']);
    inbox.stop();
  });
});
