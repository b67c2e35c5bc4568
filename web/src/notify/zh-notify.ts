/** Messages of the notification channel screen. */
export const zhNotify = {
  notifyTest: '发送测试',
  notifySent: '测试消息已发送至: {to}',
  notifyNotSent: '测试消息未送达: {error}',
};
