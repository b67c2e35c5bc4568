/** Chinese messages of the alarm pop-up and alarm handling. */
export const zhAlarms = {
  alarmDismissAll: '全部关闭',
  alarmExpand: '展开',
  alarmPopupSettings: '弹窗设置',
  alarmCollapseAfter: '1、2 级弹窗收起时间 (秒)',
  alarmCollapseHint: '3、4 级弹窗保持展开, 直到确认关闭',
};
