import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { checkUpgrade, EMPTY_UPGRADE, joinUpgrade } from './control-catalog';
import { grantsOf } from './diagnosis-services';
import { retryRequestOf } from './instruction-api';
import { mergeNewest, timeText } from './instruction-record';
import { checkParamValue, paramUnit, SETTABLE_IDS } from './param-catalog';
import { contentSummary } from './record-labels';
import { checkDiagnose, checkInstruction } from './validation';

const row = (over: Record<string, unknown>) => ({ id: '1', vehicleId: '9', instructType: 1, instructStatus: 4, ...over });

afterEach(() => setLanguage('zh'));

describe('contract messages for the operator', () => {
  it('names every problem of a body in Chinese and in English', () => {
    const bad = checkInstruction({ instructType: 1, content: { ids: [] }, remark: 'x'.repeat(256) });
    expect(bad).toEqual({ ok: false, errors: { ids: '请至少选择一个参数', remark: '备注不能超过 255 个字符', vehicle: '请选择车辆' } });
    setLanguage('en');
    const set = checkInstruction({ vehicleId: '9', instructType: 2, content: { params: [{ id: 7, value: 1 }] } });
    expect(set).toEqual({ ok: false, errors: { 'params.0': 'The value is outside the allowed range' } });
    expect(checkDiagnose({ vehicleIds: Array.from({ length: 201 }, (_, i) => String(i + 1)) })).toEqual({ ok: false, errors: { vehicles: 'At most 200 vehicles at once' } });
    expect(checkDiagnose({ vehicleIds: [] })).toEqual({ ok: false, errors: { vehicles: 'Choose at least one vehicle' } });
  });

  it('passes a valid body through unchanged', () => {
    const body = { vehicleId: '9', instructType: 3 as const, content: { commandId: 6, alarmLevel: 3 } };
    expect(checkInstruction(body)).toEqual({ ok: true, data: body });
  });
});

describe('parameters and commands', () => {
  it('offers for setting neither the derived lengths nor the read-only versions', () => {
    expect(SETTABLE_IDS).toEqual([1, 2, 3, 5, 6, 9, 10, 11, 12, 14, 15, 16]);
    expect(checkParamValue(9, 254)).toBe('diagValValueRange');
    expect(checkParamValue(9, 253)).toBeNull();
    expect(checkParamValue(6, 65533)).toBeNull();
    expect(checkParamValue(5, '  ')).toBe('diagValValueRange');
    expect(checkParamValue(16, 3)).toBe('diagValValueRange');
    expect(checkParamValue(1, null)).toBe('diagValValueRequired');
    expect(paramUnit(1)).toBe('ms');
  });

  it("keeps the upgrade fields' positions and refuses what would shift them", () => {
    const values = { ...EMPTY_UPGRADE, url: ' http://h/f.bin ', timeoutMin: '30' };
    expect(joinUpgrade(values)).toBe('http://h/f.bin;;;;;;;;;30');
    expect(checkUpgrade(values)).toEqual({});
    expect(checkUpgrade({ ...values, user: 'a;b', hardwareVersion: 'V1.2.3', timeoutMin: '-1' })).toEqual({
      user: 'diagValUpgradeSemicolon', hardwareVersion: 'diagValUpgradeVersion', timeoutMin: 'diagValUpgradeNumber',
    });
  });
});

describe('records', () => {
  it('summarises content on one line, the long lists cut short', () => {
    expect(contentSummary(row({ content: { ids: [1, 2, 3, 9, 10] } }), 'zh')).toBe(
      '车载终端本地存储时间周期, 正常时信息上报时间周期, 出现报警时信息上报时间周期 等 5 项',
    );
    setLanguage('en');
    expect(contentSummary(row({ instructType: 3, content: '{"commandId":1,"upgrade":"http://h/f.bin;;;"}' }), 'en')).toBe('Remote upgrade: http://h/f.bin');
    expect(contentSummary(row({ instructType: 2, content: { params: [{ id: 6, value: 9000 }] } }), 'en')).toBe('platform port = 9000');
  });

  it('retries with the stored content, or not at all when it no longer passes the contract', () => {
    expect(retryRequestOf(row({ content: '{"ids":[1,2]}', remark: '夜间' }))).toEqual({
      kind: 'instruct', body: { vehicleId: '9', instructType: 1, content: { ids: [1, 2] }, remark: '夜间' },
    });
    expect(retryRequestOf(row({ instructType: 4, content: { ids: [1] } }))).toEqual({ kind: 'diagnose', body: { vehicleIds: ['9'] } });
    expect(retryRequestOf(row({ content: { ids: [] } }))).toBeNull();
  });

  it('writes times as yyyy-MM-dd HH:mm:ss and puts new rows first without duplicates', () => {
    expect(timeText('2026-09-17 12:00:00')).toBe('2026-09-17 12:00:00');
    // An instant is written on the server's clock (Asia/Shanghai by default), not the browser's.
    expect(timeText(Date.UTC(2026, 8, 17, 0, 5, 1))).toBe('2026-09-17 08:05:01');
    expect(timeText(null)).toBe('');
    expect(mergeNewest([{ id: '3' }, { id: '1' }], [{ id: '1' }, { id: '2' }]).map((r) => r.id)).toEqual(['3', '1', '2']);
  });

  it("reads the grants from the screen's button codes and instructRecord's delete", () => {
    expect(grantsOf({ remote_diagnose_issue: true })).toEqual({ instruct: false, diagnose: true, remove: false });
    expect(grantsOf({ remote_diagnose_instruct: true, instruct_record_delete: true })).toEqual({ instruct: true, diagnose: false, remove: true });
    expect(grantsOf({ my_diag_issue: true }, 'my_diag')).toEqual({ instruct: false, diagnose: true, remove: false });
  });
});
