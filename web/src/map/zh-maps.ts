/** Chinese messages of the maps' basemaps (presets, the fallback notice). */
export const zhMaps = {
  basemapLabel: '底图',
  basemapDefault: '默认（管理员设置）',
  basemapOffline: '内置轮廓图（离线）',
  basemapAmapRoad: '高德地图 · 道路',
  basemapAmapSatellite: '高德地图 · 卫星',
  basemapTiandituVec: '天地图 · 矢量',
  basemapTiandituImg: '天地图 · 影像',
  basemapOsm: 'OpenStreetMap',
  basemapCustom: '自定义样式地址',
  basemapStyleUrl: 'MapLibre 样式地址',
  basemapFallbackTiles: '底图无法加载（网络或图源不可用），已切换到内置轮廓图。车辆位置仍实时更新。',
  basemapFallbackKey: '天地图需要密钥（平台参数 map.tiandituKey），已切换到内置轮廓图。',
  basemapRetry: '重试',
};
