import { speaker } from '../request-language.ts';

/** The user calls' answers (routes/user). */
export const userText = speaker(
  {
    md5: ({ label }: { label: string }) => `${label}须以md5摘要提交`,
    userMissing: ({ id }: { id: string }) => `用户不存在: ${id}`,
    passwordsDiffer: () => '两次密码输入不一致',
    oldPasswordWrong: () => '原密码不正确',
    enterFirst: ({ label }: { label: string }) => `请先输入${label}`,
    registerOff: () => '当前系统暂未开启注册功能',
    tooManyRegistrations: () => '注册请求过于频繁, 请稍后再试',
    tenantUnknown: () => '租户ID未找到',
    registered: () => '注册申请已提交, 请耐心等待管理员审核',
  },
  {
    md5: ({ label }) => `Send ${label} as its md5 digest`,
    userMissing: ({ id }) => `No such user: ${id}`,
    passwordsDiffer: () => 'The two passwords differ',
    oldPasswordWrong: () => 'The old password is wrong',
    enterFirst: ({ label }) => `Please enter ${label} first`,
    registerOff: () => 'Sign-up is not open on this system',
    tooManyRegistrations: () => 'Too many sign-up requests from this address; please try again later',
    tenantUnknown: () => 'No such tenant id',
    registered: () => 'Your sign-up is submitted; an administrator will review it',
  },
);

/** The labels the user calls name fields by. */
export const USER_LABELS = {
  oldPassword: { zh: '原密码', en: 'the old password' },
  newPassword: { zh: '新密码', en: 'the new password' },
  newPassword1: { zh: '确认密码', en: 'the confirmed password' },
  password: { zh: '密码', en: 'the password' },
  id: { zh: '用户ID', en: 'the user id' },
  tenantId: { zh: '租户编号', en: 'the tenant id' },
  account: { zh: '账号名称', en: 'the account name' },
} as const;
