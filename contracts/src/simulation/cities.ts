/**
 * Cities the simulator drives in: a centre, road-ish waypoints (major junctions and
 * districts, a few km apart, so legs between neighbours look like urban trips) and a few
 * fence sites the simulated vehicles detour through. Coordinates are WGS84 (what
 * GB/T 32960 sends), approximate to ~100 m. The fence sites live here rather than in the
 * simulator so the gateway can seed electronic fences at the same places.
 */

export interface GeoPoint {
  lng: number;
  lat: number;
}

export interface NamedPoint extends GeoPoint {
  name: string;
}

/** A circular fence the simulator drives through at the configured fence rate. */
export interface FenceSite extends NamedPoint {
  id: string;
  radiusM: number;
}

export interface City {
  key: CityKey;
  name: string;
  nameZh: string;
  /** Plate prefix (province + city letter) for demo plates of this city. */
  platePrefix: string;
  centre: GeoPoint;
  waypoints: readonly NamedPoint[];
  fences: readonly FenceSite[];
}

export type CityKey = 'shenzhen' | 'beijing' | 'shanghai' | 'guangzhou' | 'chengdu';
export const DEFAULT_CITY: CityKey = 'shenzhen';

type Row = readonly [name: string, lng: number, lat: number];
const points = (rows: readonly Row[]): NamedPoint[] => rows.map(([name, lng, lat]) => ({ name, lng, lat }));
const fences = (key: string, rows: readonly Row[]): FenceSite[] =>
  rows.map(([name, lng, lat], i) => ({ id: `${key}-fence-${i + 1}`, name, lng, lat, radiusM: 300 }));

export const CITIES: Readonly<Record<CityKey, City>> = {
  shenzhen: {
    key: 'shenzhen', name: 'Shenzhen', nameZh: '深圳', platePrefix: '粤B',
    centre: { lng: 114.0579, lat: 22.5431 },
    waypoints: points([
      ['Futian CBD', 114.055, 22.537], ['Huaqiangbei', 114.088, 22.546], ['Luohu', 114.118, 22.548],
      ['Meilin', 114.05, 22.575], ['Bantian', 114.06, 22.63], ['Longhua', 114.045, 22.655],
      ['Buji', 114.125, 22.605], ['OCT', 113.985, 22.54], ['Nanshan Science Park', 113.953, 22.54],
      ['Shenzhen Bay', 113.965, 22.515], ['Shekou', 113.917, 22.485], ['Xili', 113.95, 22.59],
      ['Bao\'an Centre', 113.884, 22.555], ['Airport', 113.811, 22.639], ['Xiangmihu', 114.02, 22.548],
    ]),
    fences: fences('shenzhen', [['Futian depot', 114.07, 22.522], ['Nanshan logistics park', 113.93, 22.52]]),
  },
  beijing: {
    key: 'beijing', name: 'Beijing', nameZh: '北京', platePrefix: '京A',
    centre: { lng: 116.3975, lat: 39.9087 },
    waypoints: points([
      ['Tiananmen', 116.3975, 39.9087], ['Guomao', 116.461, 39.909], ['Sanlitun', 116.455, 39.937],
      ['Dongzhimen', 116.434, 39.941], ['Xizhimen', 116.355, 39.94], ['Zhongguancun', 116.316, 39.983],
      ['Wudaokou', 116.338, 39.993], ['Olympic Park', 116.392, 40.0], ['Wangjing', 116.481, 40.0],
      ['Shuangjing', 116.461, 39.894], ['Beijing South', 116.378, 39.865], ['Lize', 116.32, 39.86],
      ['Beijing West', 116.322, 39.895], ['Yizhuang', 116.507, 39.795],
    ]),
    fences: fences('beijing', [['Chaoyang depot', 116.49, 39.925], ['Fengtai logistics park', 116.29, 39.86]]),
  },
  shanghai: {
    key: 'shanghai', name: 'Shanghai', nameZh: '上海', platePrefix: '沪A',
    centre: { lng: 121.4737, lat: 31.2304 },
    waypoints: points([
      ['People\'s Square', 121.4737, 31.2304], ['Lujiazui', 121.502, 31.24], ['Jing\'an', 121.448, 31.229],
      ['Xujiahui', 121.437, 31.195], ['Zhongshan Park', 121.417, 31.22], ['Hongqiao Hub', 121.32, 31.194],
      ['Hongkou', 121.48, 31.27], ['Wujiaochang', 121.514, 31.301], ['Century Park', 121.551, 31.219],
      ['Zhangjiang', 121.59, 31.204], ['Expo', 121.49, 31.187], ['Qiantan', 121.497, 31.15],
    ]),
    fences: fences('shanghai', [['Pudong depot', 121.535, 31.255], ['Minhang logistics park', 121.4, 31.165]]),
  },
  guangzhou: {
    key: 'guangzhou', name: 'Guangzhou', nameZh: '广州', platePrefix: '粤A',
    centre: { lng: 113.2644, lat: 23.1291 },
    waypoints: points([
      ['Zhujiang New Town', 113.324, 23.119], ['Tianhe Sports Centre', 113.323, 23.139],
      ['Guangzhou East', 113.325, 23.15], ['Yuexiu Park', 113.266, 23.14], ['Beijing Road', 113.27, 23.125],
      ['Haizhu Square', 113.265, 23.116], ['Liwan', 113.244, 23.126], ['Pazhou', 113.37, 23.1],
      ['Baiyun Mountain', 113.298, 23.177], ['Huangpu', 113.459, 23.106], ['Guangzhou South', 113.269, 22.989],
      ['Panyu', 113.384, 22.937],
    ]),
    fences: fences('guangzhou', [['Tianhe depot', 113.35, 23.13], ['Haizhu logistics park', 113.3, 23.09]]),
  },
  chengdu: {
    key: 'chengdu', name: 'Chengdu', nameZh: '成都', platePrefix: '川A',
    centre: { lng: 104.0657, lat: 30.6595 },
    waypoints: points([
      ['Tianfu Square', 104.0657, 30.6595], ['Chunxi Road', 104.081, 30.656], ['Kuanzhai Xiangzi', 104.055, 30.664],
      ['Wuhou', 104.043, 30.642], ['Wenshu Monastery', 104.073, 30.675], ['Chengdu North', 104.074, 30.699],
      ['Chengdu East', 104.141, 30.63], ['Financial City', 104.06, 30.577], ['Global Centre', 104.063, 30.57],
      ['Tianfu Software Park', 104.07, 30.548], ['Shuangliu Airport', 103.956, 30.57], ['Panda Base', 104.146, 30.733],
    ]),
    fences: fences('chengdu', [['Jinjiang depot', 104.1, 30.64], ['Wuhou logistics park', 104.02, 30.61]]),
  },
};

export const CITY_KEYS = Object.keys(CITIES) as CityKey[];

export function isCityKey(key: string): key is CityKey {
  return Object.prototype.hasOwnProperty.call(CITIES, key);
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
