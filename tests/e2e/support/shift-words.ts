/** What the operator reads on the buttons and dialogs of a shift, in each language of the console. */
export interface ShiftWords {
  searchVehicle: string; follow: string; unfollow: string;
  viewNow: string; handle: string; handled: string; handledOne: string; remark: string; remarkRequired: string; inbox: string;
  edit: string; add: string; submit: string; updated: string; added: string; colour: string;
  import: string; importTitle: string; importSummary: string; importConfirm: string; imported: string; close: string;
  share: string; createLink: string; shareLink: string; revoke: string; revoked: string;
}

export const SHIFT_WORDS: Record<'zh' | 'en', ShiftWords> = {
  zh: {
    searchVehicle: '车牌号或 VIN', follow: '跟踪车辆', unfollow: '取消跟踪',
    viewNow: '立即查看', handle: '处理', handled: '已处理', handledOne: '已处理 1 条', remark: '已电话联系司机', remarkRequired: '请输入处理意见', inbox: '报警消息',
    edit: '编辑', add: '新增', submit: '提交', updated: '更新成功', added: '新增成功', colour: '白',
    import: '导入', importTitle: '导入车辆', importSummary: '共 2 行, 可导入 2 行, 0 处错误', importConfirm: '确认导入', imported: '已导入 2 条', close: '关闭',
    share: '分享位置', createLink: '生成链接', shareLink: '分享链接', revoke: '撤销', revoked: '已撤销',
  },
  en: {
    searchVehicle: 'Plate or VIN', follow: 'Follow', unfollow: 'Stop following',
    viewNow: 'View now', handle: 'Handle', handled: 'Handled', handledOne: '1 handled', remark: 'Driver called', remarkRequired: 'Enter the handling remark', inbox: 'Alarm inbox',
    edit: 'Edit', add: 'Add', submit: 'Submit', updated: 'Updated', added: 'Added', colour: 'white',
    import: 'Import', importTitle: 'Import Vehicle', importSummary: '2 rows, 2 ready to import, 0 errors', importConfirm: 'Import', imported: '2 imported', close: 'Close',
    share: 'Share position', createLink: 'Create link', shareLink: 'Share link', revoke: 'Revoke', revoked: 'Revoked',
  },
};
