import { describe, expect, it } from 'vitest';
import { t } from '../i18n/i18n';
import {
  dropEmpty,
  isEmpty,
  isUrl,
  trimForm,
  validateAvatarFile,
  validatePhoneA,
  validatePhoneB,
  validateRegistration,
} from './validators';

const message = (key: Parameters<typeof t>[0] | null) => (key ? t(key) : null);

describe('validators (spec §5)', () => {
  it('emptiness', () => {
    for (const empty of [null, undefined, '', [], {}, 'null', 'undefined']) expect(isEmpty(empty)).toBe(true);
    for (const value of [false, true, 0, NaN, ' ', 'a', [0], { a: 1 }]) expect(isEmpty(value)).toBe(false);
  });

  it('phone reading A: optional, else 1[3-9] and 11 digits', () => {
    expect(validatePhoneA('')).toBeNull();
    expect(validatePhoneA(undefined)).toBeNull();
    expect(validatePhoneA('13812345678')).toBeNull();
    expect(message(validatePhoneA('12812345678'))).toBe('请输入正确的手机号');
    expect(message(validatePhoneA('1381234567'))).toBe('请输入正确的手机号');
  });

  it('phone reading B: empty, then length, then format', () => {
    expect(message(validatePhoneB(''))).toBe('手机号码不能为空');
    expect(message(validatePhoneB('138123'))).toBe('手机号码长度不为11位');
    expect(message(validatePhoneB('12345678901'))).toBe('手机号码格式不正确');
    expect(validatePhoneB('19912345678')).toBeNull();
  });

  it('URL check: starts with http or https', () => {
    expect(isUrl('http://a')).toBe(true);
    expect(isUrl('https://a')).toBe(true);
    expect(isUrl('/system/user')).toBe(false);
    expect(isUrl('ftp://a')).toBe(false);
  });

  it('avatar: jpg/png only, at most 500 kb', () => {
    expect(validateAvatarFile({ type: 'image/png', size: 500 * 1024 })).toBeNull();
    expect(validateAvatarFile({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(message(validateAvatarFile({ type: 'image/gif', size: 1 }))).toBe('上传头像图片只能是 JPG/PNG 格式!');
    expect(message(validateAvatarFile({ type: 'image/png', size: 500 * 1024 + 1 }))).toBe('上传头像图片大小不能超过 500KB!');
  });

  it('register dialog: checks in order, first failure wins', () => {
    const form = { tenantId: '', name: '', account: '', password: '', password2: '' };
    expect(message(validateRegistration(form, true))).toBe('请先输入租户编号');
    expect(message(validateRegistration(form, false))).toBe('请先输入账号名称');
    expect(message(validateRegistration({ ...form, account: 'a', password: 'x' }, false))).toBe('请先输入密码');
    expect(message(validateRegistration({ ...form, account: 'a', password: 'x', password2: 'y' }, false))).toBe('两次密码输入不一致');
    expect(validateRegistration({ ...form, account: 'a', password: 'x', password2: 'x' }, false)).toBeNull();
  });

  it('trims form text and drops empty search values', () => {
    expect(trimForm({ a: ' x ', b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(dropEmpty({ a: '', b: 'x', c: null, d: 0 })).toEqual({ b: 'x', d: 0 });
  });
});
