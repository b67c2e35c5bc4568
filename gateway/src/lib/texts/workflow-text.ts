import { speaker, type Words } from '../request-language.ts';

type Named = { label: Words };

/** The workflows' refusals: transitions out of their states, edits of moved records, stock periods and reminders. */
export const workflowText = speaker(
  {
    cannotMove: ({ label, state, action }: Named & { state: Words; action: Words }) => `${label.zh}当前状态为「${state.zh}」, 不能${action.zh}`,
    cannotEdit: ({ label, state }: Named & { state: Words }) => `${label.zh}当前状态为「${state.zh}」, 不能修改`,
    badTarget: ({ label }: Named) => `${label.zh}: 无效的目标状态`,
    statusByTransition: ({ label }: Named) => `${label.zh}只能经由流转变更`,
    daysNotNumber: () => '天数必须是数字',
    daysTooSmall: ({ limit }: { limit: number }) => `天数不能小于${limit}`,
    daysTooLarge: ({ limit }: { limit: number }) => `天数不能大于${limit}`,
    startDateFormat: () => '开始日期格式为 yyyy-MM-dd',
    endDateFormat: () => '结束日期格式为 yyyy-MM-dd',
    currentNotPositive: () => 'current 必须是正整数',
    sizeOutOfRange: ({ limit }: { limit: number }) => `size 必须是1-${limit}的整数`,
  },
  {
    cannotMove: ({ label, state, action }) => `${label.en} is ${state.en}, so it cannot ${action.en.toLowerCase()}`,
    cannotEdit: ({ label, state }) => `${label.en} is ${state.en}, so it cannot be changed`,
    badTarget: ({ label }) => `${label.en}: invalid target state`,
    statusByTransition: ({ label }) => `${label.en} changes only through its transitions`,
    daysNotNumber: () => 'days must be a number',
    daysTooSmall: ({ limit }) => `days must not be less than ${limit}`,
    daysTooLarge: ({ limit }) => `days must not be greater than ${limit}`,
    startDateFormat: () => 'The start date must look like yyyy-MM-dd',
    endDateFormat: () => 'The end date must look like yyyy-MM-dd',
    currentNotPositive: () => 'current must be a positive whole number',
    sizeOutOfRange: ({ limit }) => `size must be a whole number from 1 to ${limit}`,
  },
);
