import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const user = defineEntity({
  name: 'user',
  service: 'wdiov-user',
  path: '',
  table: 'wdiov_user',
  title: { zh: '用户', en: 'User' },
  tenant: true,
  audit: 'full',
  fields: {
    code: f.text('用户编号', 'Code', { max: 12, search: 'like' }),
    userType: f.dict('用户平台', 'Platform', 'user_type', { numeric: true, default: 1, search: 'equal' }),
    account: f.text('登录账号', 'Account', { required: '请输入登录账号', max: 45, search: 'like', unique: true, example: 'operator001', pattern: { regex: /^[A-Za-z0-9_.@-]+$/, message: '账号只能包含字母、数字和 _.@-' } }),
    /** argon2id of the md5 hex the client sends; never answered. */
    password: f.text('密码', 'Password', { max: 255, writeOnly: true, digest: 'md5', list: false, example: 'e10adc3949ba59abbe56e057f20f883e', pattern: { regex: /^[a-f0-9]{32}$/i, message: '密码须以md5摘要提交' } }),
    name: f.text('用户昵称', 'Nickname', { max: 20 }),
    realName: f.text('用户姓名', 'Real name', { required: '请输入用户姓名', max: 20, search: 'like', index: true }),
    avatar: f.text('头像', 'Avatar', { max: 500, list: false }),
    email: f.text('邮箱', 'E-mail', { max: 45, example: 'ops@example.com', pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: '请输入正确的邮箱地址' } }),
    phone: f.text('手机号码', 'Phone', { max: 45, search: 'like', example: '13800138000', pattern: { regex: PHONE_PATTERN, message: '请输入正确的手机号' } }),
    birthday: f.date('生日', 'Birthday', { list: false }),
    sex: f.dict('性别', 'Sex', 'sex', { numeric: true, list: false }),
    roleId: f.ref('所属角色', 'Roles', 'role', 'roleName', { multiple: true, required: '请选择所属角色' }),
    deptId: f.ref('所属部门', 'Departments', 'dept', 'deptName', { multiple: true, required: '请选择所属部门' }),
    postId: f.ref('所属岗位', 'Posts', 'post', 'postName', { multiple: true }),
  },
});
