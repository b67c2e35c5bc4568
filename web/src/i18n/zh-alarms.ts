/** Chinese messages of the alarm pop-up, alarm handling and the lists' delete confirmations. */
export const zhAlarms = {
  alarmDismissAll: '全部关闭',
  alarmExpand: '展开',
  alarmPopupSettings: '弹窗设置',
  alarmCollapseAfter: '1、2 级弹窗收起时间 (秒)',
  alarmCollapseHint: '3、4 级弹窗保持展开, 直到确认关闭',
  monHandleRemarkRequired: '请输入处理意见',
  monHandleRemarkTooLong: '处理意见不能超过{limit}个字符',
  monHandleAllTitle: '统一处理 {count} 条',
  monHandleAllConfirm: '将统一处理当前条件下的 {count} 条未处理记录, 是否继续?',
  monNothingOpen: '当前条件下没有未处理的记录',
  monHandleCountMessage: '将处理 {count} 条记录',
  crudDeleteConfirmOne: '确定删除{title}「{name}」?',
  crudDeleteConfirmMany: '确定删除这 {count} 条{title}: {names}?',
  crudNameSeparator: '、',
  crudNamesMore: ' 等',
};
