import { alarmTypeName, formatDateTime, type AlarmEvent, type FaultEvent, type FenceEvent, type Language } from '@wdiov/contracts';

/** What a notification says about one alarm, language-neutral (kept in the record so a retry sends the same). */
export interface AlarmSummary {
  id: string;
  kind: 'alarm' | 'fault' | 'fence';
  vin: string;
  vehicleId: string;
  plate: string;
  /** The alarm's name in each language. */
  name: { zh: string; en: string };
  /** What a receiving program matches on: the alarm type (`gb:insulation`), fault code or fence id (absent in records older than it). */
  type?: string;
  level: number;
  startTime: number;
  speedKmh: number | null;
  lng: number | null;
  lat: number | null;
}

export interface RenderedMessage {
  title: string;
  lines: string[];
  /** The first alarm's vehicle in the console, when the console's address is known. */
  link?: string;
}

export function summaryOf(kind: AlarmSummary['kind'], e: AlarmEvent | FaultEvent | FenceEvent): AlarmSummary {
  let name: AlarmSummary['name'];
  let type: string;
  if (kind === 'alarm') {
    const a = e as AlarmEvent;
    name = { zh: alarmTypeName(a.alarmType, 'zh') ?? a.alarmName, en: alarmTypeName(a.alarmType, 'en') ?? a.alarmName };
    type = a.alarmType;
  } else if (kind === 'fault') {
    const f = e as FaultEvent;
    const n = f.faultName || f.faultCode;
    name = { zh: `故障 ${n}`, en: `Fault ${n}` };
    type = f.faultCode;
  } else {
    const g = e as FenceEvent;
    name = g.accessType === 1 ? { zh: `进入围栏 ${g.fenceName}`, en: `Entered fence ${g.fenceName}` } : { zh: `离开围栏 ${g.fenceName}`, en: `Left fence ${g.fenceName}` };
    type = String(g.fenceId);
  }
  return { id: e.id, kind, vin: e.vin, vehicleId: e.vehicleId, plate: e.plate || e.vin, name, type, level: e.level, startTime: e.startTime, speedKmh: e.speedKmh, lng: e.lng, lat: e.lat };
}

const WORDS = {
  zh: {
    title: (a: AlarmSummary, level: string) => `【${level}】${a.plate} ${a.name.zh}`,
    level: (n: number) => (n === 4 ? '四级报警(热事件)' : `${['', '一', '二', '三'][n] ?? n}级报警`),
    plate: '车牌', alarm: '报警', levelLabel: '等级', time: '时间', speed: '车速', place: '位置', link: '查看车辆',
    digestTitle: (n: number) => `【报警汇总】最近一分钟 ${n} 条报警`,
  },
  en: {
    title: (a: AlarmSummary, level: string) => `[${level}] ${a.plate} ${a.name.en}`,
    level: (n: number) => (n === 4 ? 'Level 4 alarm (thermal event)' : `Level ${n} alarm`),
    plate: 'Plate', alarm: 'Alarm', levelLabel: 'Level', time: 'Time', speed: 'Speed', place: 'Position', link: 'Open the vehicle',
    digestTitle: (n: number) => `[Alarm digest] ${n} alarms in the last minute`,
  },
} as const;

export interface RenderOptions {
  utcOffsetMin: number;
  consoleUrl?: string;
}

export const vehicleLink = (a: AlarmSummary, consoleUrl: string | undefined) =>
  consoleUrl ? `${consoleUrl.replace(/\/$/, '')}/monitoring/map?vin=${encodeURIComponent(a.vin)}` : undefined;

/** One alarm, or the digest of several (a storm), in the recipient's language. */
export function renderMessage(lang: Language, alarms: AlarmSummary[], o: RenderOptions): RenderedMessage {
  const w = WORDS[lang];
  const first = alarms[0]!;
  const link = vehicleLink(first, o.consoleUrl);
  const when = (a: AlarmSummary) => formatDateTime(a.startTime, o.utcOffsetMin);
  if (alarms.length === 1) {
    const lines = [
      `${w.plate}: ${first.plate} (${first.vin})`, `${w.alarm}: ${first.name[lang]}`, `${w.levelLabel}: ${w.level(first.level)}`, `${w.time}: ${when(first)}`,
      ...(first.speedKmh !== null ? [`${w.speed}: ${first.speedKmh} km/h`] : []),
      ...(first.lng !== null && first.lat !== null ? [`${w.place}: ${first.lng.toFixed(6)}, ${first.lat.toFixed(6)}`] : []),
      ...(link ? [`${w.link}: ${link}`] : []),
    ];
    return { title: w.title(first, w.level(first.level)), lines, link };
  }
  const lines = alarms.map((a) => `${when(a)} ${a.plate} ${a.name[lang]} (${w.level(a.level)})${a.speedKmh !== null ? ` ${a.speedKmh} km/h` : ''}`);
  return { title: w.digestTitle(alarms.length), lines, link };
}
