import { speaker } from '../request-language.ts';

/** The user calls' answers (routes/user). */
export const userText = speaker(
  {
    userMissing: ({ id }: { id: string }) => `用户不存在: ${id}`,
    passwordsDiffer: () => '两次密码输入不一致',
    oldPasswordWrong: () => '原密码不正确',
    registerOff: () => '当前系统暂未开启注册功能',
    tooManyRegistrations: () => '注册请求过于频繁, 请稍后再试',
    tenantUnknown: () => '租户ID未找到',
    registered: () => '注册申请已提交, 请耐心等待管理员审核',
  },
  {
    userMissing: ({ id }) => `No such user: ${id}`,
    passwordsDiffer: () => 'The two passwords differ',
    oldPasswordWrong: () => 'The old password is wrong',
    registerOff: () => 'Sign-up is not open on this system',
    tooManyRegistrations: () => 'Too many sign-up requests from this address; please try again later',
    tenantUnknown: () => 'No such tenant id',
    registered: () => 'Your sign-up is submitted; an administrator will review it',
  },
);

