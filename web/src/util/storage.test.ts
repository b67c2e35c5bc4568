import { describe, expect, it, vi } from 'vitest';
import { errorLog, installErrorCapture } from './error-log';
import { hashPassword } from './password-hash';
import { clearStore, getAllStore, getStore, getStoreEntry, removeStore, setStore } from './storage';

describe('local data (spec §4)', () => {
  it('stores entries under wdiov-<name> with dataType, content, type and datetime', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    setStore({ name: 'userInfo', content: { a: 1 } });
    expect(JSON.parse(localStorage.getItem('wdiov-userInfo')!)).toEqual({
      dataType: 'object',
      content: { a: 1 },
      datetime: 1_700_000_000_000,
    });
    vi.restoreAllMocks();
  });

  it('uses session storage when a type is given, local storage otherwise', () => {
    setStore({ name: 'tabs', content: [1], type: 'session' });
    setStore({ name: 'lang', content: 'zh' });
    expect(sessionStorage.getItem('wdiov-tabs')).not.toBeNull();
    expect(localStorage.getItem('wdiov-tabs')).toBeNull();
    expect(localStorage.getItem('wdiov-lang')).not.toBeNull();
  });

  it('reads session storage first, then local storage', () => {
    setStore({ name: 'x', content: 'local' });
    expect(getStore('x')).toBe('local');
    setStore({ name: 'x', content: 'session', type: 'session' });
    expect(getStore('x')).toBe('session');
    expect(getStoreEntry('x')?.type).toBe('session');
    expect(getStore('missing')).toBeUndefined();
  });

  it('removes from both storages and clears only this site', () => {
    setStore({ name: 'x', content: 1 });
    setStore({ name: 'x', content: 2, type: 'session' });
    removeStore('x');
    expect(getStore('x')).toBeUndefined();
    localStorage.setItem('other-site', 'keep');
    setStore({ name: 'a', content: 1 });
    expect(getAllStore().map((e) => e.name)).toEqual(['a']);
    clearStore();
    expect(localStorage.getItem('other-site')).toBe('keep');
    expect(getAllStore()).toEqual([]);
  });

  it('ignores corrupt values', () => {
    localStorage.setItem('wdiov-bad', '{not json');
    expect(getStore('bad')).toBeUndefined();
  });
});

describe('password hash', () => {
  it('is md5 as lower-case hex', () => {
    expect(hashPassword('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
  });
});

describe('error log', () => {
  it('captures window errors and unhandled rejections with type, message, stack, time, url, info', () => {
    errorLog.reload();
    const uninstall = installErrorCapture(window);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom', filename: 'a.js', lineno: 1, colno: 2 }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'nope' });
    window.dispatchEvent(rejection);
    uninstall();
    const [second, first] = errorLog.list();
    expect(first).toMatchObject({ type: 'error', message: 'boom', info: 'a.js:1:2', url: window.location.href });
    expect(first.stack).toContain('boom');
    expect(first.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(second).toMatchObject({ type: 'unhandledrejection', message: 'nope' });
    expect(getStore<unknown[]>('logsList')).toHaveLength(2);
    errorLog.clear();
    expect(errorLog.list()).toEqual([]);
  });
});
