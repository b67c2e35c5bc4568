import type { zhAlarms } from './zh-alarms';

/** English messages of the alarm pop-up, alarm handling and the lists' delete confirmations. */
export const enAlarms: Record<keyof typeof zhAlarms, string> = {
  alarmDismissAll: 'Dismiss all',
  alarmExpand: 'Expand',
  alarmPopupSettings: 'Pop-up settings',
  alarmCollapseAfter: 'Collapse level 1 and 2 pop-ups after (s)',
  alarmCollapseHint: 'Level 3 and 4 pop-ups stay open until acknowledged',
  monHandleRemarkRequired: 'Enter the handling remark',
  monHandleRemarkTooLong: 'The handling remark must not be longer than {limit} characters',
  monHandleAllTitle: 'Handle {count} open',
  monHandleAllConfirm: 'This handles the {count} open records of the current filter. Continue?',
  monNothingOpen: 'No open records in the current filter',
  monHandleCountMessage: 'This handles {count} records',
  crudDeleteConfirmOne: 'Delete {title} “{name}”?',
  crudDeleteConfirmMany: 'Delete these {count} {title} records: {names}?',
  crudNameSeparator: ', ',
  crudNamesMore: ' and more',
};
