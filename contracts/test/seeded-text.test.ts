import { describe, expect, it } from 'vitest';
import { BUSINESS_DICTIONARIES } from '../src/entities/business-dictionaries.ts';
import { DICTIONARY_ENGLISH } from '../src/entities/dictionary-english.ts';
import { dictionaryText, seededName } from '../src/entities/seeded-text.ts';
import { BASE_DICTIONARIES } from '../src/entities/system-dictionaries.ts';

const CJK = /[\u3400-\u9fff]/;
/** Named by the alarm rule registry, not by this table. */
const NAMED_ELSEWHERE = new Set(['alarm_type']);

describe('seeded dictionaries in both languages', () => {
  it('gives every seeded dictionary and item an English name without Chinese in it', () => {
    const missing: string[] = [];
    for (const [code, name, items] of [...BASE_DICTIONARIES, ...BUSINESS_DICTIONARIES]) {
      if (NAMED_ELSEWHERE.has(code)) continue;
      const header = dictionaryText(code, '-1', name, 'en');
      if (header === name || CJK.test(header)) missing.push(`${code}: ${name}`);
      for (const [key, value] of items) {
        const english = dictionaryText(code, key, value, 'en');
        if (CJK.test(english) || (CJK.test(value) && english === value)) missing.push(`${code}.${key}: ${value}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names no item the seed does not write', () => {
    const seeded = new Map([...BASE_DICTIONARIES, ...BUSINESS_DICTIONARIES].map(([code, , items]) => [code, new Set(items.map(([k]) => k))]));
    const extra = Object.entries(DICTIONARY_ENGLISH).flatMap(([code, [, items]]) =>
      Object.keys(items).filter((k) => !seeded.get(code)?.has(k)).map((k) => `${code}.${k}`));
    expect(extra).toEqual([]);
  });

  it('shows a value as the user wrote it once edited, and Chinese in Chinese', () => {
    expect(dictionaryText('vehicle_status', '1', '库存', 'en')).toBe('In stock');
    expect(dictionaryText('vehicle_status', 1, '库存', 'en')).toBe('In stock');
    expect(dictionaryText('vehicle_status', '1', '库存', 'zh')).toBe('库存');
    expect(dictionaryText('vehicle_status', '1', '在库车辆', 'en')).toBe('在库车辆');
    expect(dictionaryText('vehicle_status', '-1', '车辆状态', 'en')).toBe('Vehicle status');
    expect(dictionaryText('my_own', '1', '自定义', 'en')).toBe('自定义');
  });

  it('names seeded rows in English while they hold the seeded name', () => {
    expect(seededName('演示车队', 'en')).toBe('Demo fleet');
    expect(seededName('演示车队', 'zh')).toBe('演示车队');
    expect(seededName('深圳车队', 'en')).toBe('深圳车队');
  });
});

describe('faults by name', () => {
  it('names every category, and every FMI in both languages', async () => {
    const { FAULT_CATEGORIES, faultCategoryName, fmiName } = await import('../src/protocol/fault-names.ts');
    for (const code of Object.keys(FAULT_CATEGORIES)) {
      expect(CJK.test(faultCategoryName(code, 'en'))).toBe(false);
      expect(CJK.test(faultCategoryName(code, 'zh'))).toBe(true);
    }
    for (let fmi = 0; fmi <= 21; fmi++) {
      expect(fmiName(fmi, 'zh')).not.toBe('保留');
      expect(fmiName(fmi, 'en')).not.toBe('reserved');
    }
  });

  it('shows a fault by the tenant’s name of its code first, then by its SPN and FMI, never by bare numbers', async () => {
    const { faultDisplayName } = await import('../src/protocol/fault-names.ts');
    const dm1 = { category: 'other', faultCode: '0004A8', faultName: 'SPN 168 FMI 4', spn: 168, fmi: 4 };
    expect(faultDisplayName(dm1, 'en')).toBe('Battery potential (12 V): voltage below normal, or shorted to low source');
    expect(faultDisplayName(dm1, 'zh')).toBe('蓄电池电压(12V): 电压低于正常值或对低电平短路');
    expect(faultDisplayName({ ...dm1, codeName: '低压蓄电池亏电' }, 'en')).toBe('低压蓄电池亏电');
    expect(faultDisplayName({ category: 'uds', faultCode: 'U0073-04', faultName: '', codeName: 'CAN总线关闭' }, 'en')).toBe('CAN总线关闭');
    expect(faultDisplayName({ category: 'uds', faultCode: 'U0073-04', faultName: '' }, 'en')).toBe('U0073-04');
  });
});
