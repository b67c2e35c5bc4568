import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { menuLabel } from './menu-label';

afterEach(() => setLanguage('zh'));

describe('menuLabel', () => {
  it('shows the server’s Chinese names in zh and the menu tree’s English names in en', () => {
    expect(menuLabel({ code: 'system', name: '系统管理' })).toBe('系统管理');
    setLanguage('en');
    expect(menuLabel({ code: 'system', name: '系统管理' })).toBe('System');
    expect(menuLabel({ code: 'param', name: '参数管理' })).toBe('Parameter');
    expect(menuLabel({ code: 'vehicle_alarm', name: '车辆告警' })).toBe('Vehicle alarms');
  });

  it('keeps the name of a menu an administrator added', () => {
    setLanguage('en');
    expect(menuLabel({ code: 'my_custom_screen', name: '自定义' })).toBe('自定义');
  });
});
