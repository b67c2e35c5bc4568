import { speaker } from '../request-language.ts';

/** The statistics and large-screen calls' refusals. */
export const statsText = speaker(
  {
    exportFormat: () => '导出格式应为 csv 或 xlsx',
    sortField: ({ key }: { key: string }) => `不能按该字段排序: ${key}`,
    speedLimit: ({ min, max }: { min: number; max: number }) => `限速必须是${min}到${max}之间的数值(km/h)`,
    shareHours: ({ max }: { max: number }) => `有效期必须是1到${max}之间的小时数`,
    shareInvalid: () => '分享链接无效、已过期或已撤销',
    shareMissing: () => '分享链接不存在或已撤销',
  },
  {
    exportFormat: () => 'The export format must be csv or xlsx',
    sortField: ({ key }) => `Cannot sort by this field: ${key}`,
    speedLimit: ({ min, max }) => `The speed limit must be a number from ${min} to ${max} (km/h)`,
    shareHours: ({ max }) => `The validity must be 1 to ${max} hours`,
    shareInvalid: () => 'The share link is invalid, expired or revoked',
    shareMissing: () => 'No such share link, or it is revoked',
  },
);
