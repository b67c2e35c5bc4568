import { afterEach, describe, expect, it } from 'vitest';
import { ariaLabel, localeOption } from 'primereact/api';
import { applyPrimeLocale } from './primereact-locale';

afterEach(() => applyPrimeLocale('zh'));

describe("PrimeReact's own words", () => {
  it('name its icon buttons in the console language: a dialog\'s close, a paginator\'s pages', () => {
    applyPrimeLocale('zh');
    expect(ariaLabel('close', {})).toBe('关闭');
    expect(ariaLabel('pageLabel', { page: '3' })).toBe('第 3 页');
    expect(localeOption('accept', 'zh-CN')).toBe('确定');
    applyPrimeLocale('en');
    expect(ariaLabel('close', {})).toBe('Close');
    expect(ariaLabel('pageLabel', { page: '3' })).toBe('Page 3');
  });

  it('keep the English label where no Chinese one is given, rather than none', () => {
    applyPrimeLocale('zh');
    expect(ariaLabel('zoomImage', {})).toBe('Zoom Image');
  });
});

describe('PrimeReact names beside our fields', () => {
  it('the password toggle is not named after the field it sits in', () => {
    applyPrimeLocale('zh');
    expect(ariaLabel('passwordShow', {})).toBe('显示明文');
    expect(ariaLabel('passwordHide', {})).not.toContain('密码');
  });
});
