import { afterEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/wire';
import { setLanguage, t } from '../i18n/i18n';
import { pageTitleFor } from './page-title';

afterEach(() => setLanguage('zh'));

const MENU: MenuNode[] = [
  { id: '1', parentId: '0', code: 'fence', name: '电子围栏', alias: '', path: '/base/electronicFence', source: '', sort: 1, category: 1, isOpen: 1 },
];

describe('page titles', () => {
  it('names the fence editor, which has no menu entry, in both languages (not "draw")', () => {
    expect(pageTitleFor('/base/electronicFence/draw', '?id=1', MENU, t)).toBe('围栏绘制');
    setLanguage('en');
    expect(pageTitleFor('/base/electronicFence/draw', '', MENU, t)).toBe('Fence drawing');
  });

  it('names the vehicle detail pages opened from the map', () => {
    expect(pageTitleFor('/vehicleDetails/index', '?vin=1', MENU, t)).toBe('车辆详情');
    expect(pageTitleFor('/vehVehicleDetail/index', '?vin=1', MENU, t)).toBe('车辆详情');
  });

  it('keeps the menu name for menu pages and the last word otherwise', () => {
    expect(pageTitleFor('/base/electronicFence', '', MENU, t)).toBe('电子围栏');
    expect(pageTitleFor('/some/thing', '', MENU, t)).toBe('thing');
  });
});
