import { speaker } from '../request-language.ts';

/** The statistics calls' day ranges (stats/stats-range.ts). */
export const rangeText = speaker(
  {
    dayFormat: ({ label }: { label: string }) => `${label}的格式应为 yyyy-MM-dd、yyyy-MM-dd HH:mm:ss 或毫秒时间戳`,
    days: ({ limit }: { limit: number }) => `days 必须是1到${limit}之间的整数`,
    endNotBeforeStart: () => '结束时间不能早于开始时间',
  },
  {
    dayFormat: ({ label }) => `${label} must look like yyyy-MM-dd or yyyy-MM-dd HH:mm:ss or be epoch milliseconds`,
    days: ({ limit }) => `days must be a whole number from 1 to ${limit}`,
    endNotBeforeStart: () => 'The end time must not be earlier than the start time',
  },
);

/** The ends of a range, as its messages name them. */
export const RANGE_LABELS = {
  start: { zh: '开始时间', en: 'The start time' },
  end: { zh: '结束时间', en: 'The end time' },
} as const;
