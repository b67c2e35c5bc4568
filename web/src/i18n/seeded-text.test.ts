import { afterEach, describe, expect, it } from 'vitest';
import { f } from '@wdiov/contracts/entity/fields';
import { cellText, isUserText } from '../crud/cell-format';
import { dictLabel } from '../crud/dictionaries';
import { setLanguage } from './i18n';
import { rowName } from './seeded-text';

afterEach(() => setLanguage('zh'));

const status = f.dict('车辆状态', 'Vehicle status', 'vehicle_status', { numeric: true });
const org = f.ref('所属组织', 'Organisation', 'org', 'orgName');
const plate = f.text('车牌号', 'Plate number');
const dicts = { vehicle_status: [{ dictKey: '1', dictValue: '库存' }, { dictKey: '2', dictValue: '售出(已改)' }] };

describe('seeded text in the console', () => {
  it('shows dictionary values and seeded names in English while unchanged, and what users wrote as written', () => {
    setLanguage('en');
    expect(cellText('vehicleStatus', status, { vehicleStatus: 1, vehicleStatusName: '库存' }, {})).toBe('In stock');
    expect(cellText('vehicleStatus', status, { vehicleStatus: 1 }, dicts)).toBe('In stock');
    expect(dictLabel(dicts, 'vehicle_status', 2)).toBe('售出(已改)');
    expect(cellText('orgId', org, { orgId: '1', orgName: '演示车队' }, {})).toBe('Demo fleet');
    expect(cellText('orgId', org, { orgId: '1', orgName: '深圳一队' }, {})).toBe('深圳一队');
    expect(rowName({ code: 'sex', dictKey: '1', dictValue: '男' }, '男')).toBe('Male');
    expect(rowName({ code: 'system', name: '系统管理', path: '/system' }, '系统管理')).toBe('System');
    expect(rowName({ code: 'system', name: '我的系统', path: '/system' }, '我的系统')).toBe('我的系统');
  });

  it('keeps Chinese in Chinese', () => {
    expect(cellText('vehicleStatus', status, { vehicleStatus: 1, vehicleStatusName: '库存' }, {})).toBe('库存');
    expect(cellText('orgId', org, { orgId: '1', orgName: '演示车队' }, {})).toBe('演示车队');
  });

  it('marks cells of what users typed, not the product text a seeded row still holds', () => {
    setLanguage('en');
    expect(isUserText('plateNumber', plate, { plateNumber: '粤B·D12345' })).toBe(true);
    expect(isUserText('orgId', org, { orgId: '1', orgName: '深圳一队' })).toBe(true);
    expect(isUserText('orgId', org, { orgId: '1', orgName: '演示车队' })).toBe(false);
    expect(isUserText('vehicleStatus', status, { vehicleStatus: 1 })).toBe(false);
  });
});
