import { describe, expect, it } from 'vitest';
import { entities } from '../src/entities/registry.ts';
import { languageOf, validationText } from '../src/entity/validation-text.ts';

describe('validation messages in a language', () => {
  it('reads the language from Accept-Language by preference, Chinese when it names neither', () => {
    expect(languageOf('en-US,en;q=0.9')).toBe('en');
    expect(languageOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(languageOf('fr;q=1, en;q=0.5, zh;q=0.7')).toBe('zh');
    expect(languageOf('de, en-GB;q=0.3')).toBe('en');
    expect(languageOf('en;q=0, zh-TW')).toBe('zh');
    expect(languageOf('fr')).toBe('zh');
    expect(languageOf(undefined)).toBe('zh');
  });

  it("an entity's submit schema speaks the language asked for, with the field's label in it", () => {
    const refuse = (language: 'zh' | 'en') => entities.param.submitSchemaIn(language).add.safeParse({ paramName: 'x'.repeat(300), paramKey: 'k', paramValue: 'v' });
    expect(refuse('en').error?.issues[0]?.message).toBe(validationText('tooLong', { label: 'Name', limit: 255 }, 'en'));
    expect(refuse('zh').error?.issues[0]?.message).toBe('参数名称不能超过255个字符');
    expect(entities.param.submitSchemaIn('zh')).toBe(entities.param.submitSchema);
  });

  it("a definition's own Chinese wording stays Chinese only", () => {
    const missing = (language: 'zh' | 'en') => entities.param.submitSchemaIn(language).add.safeParse({ paramKey: 'k', paramValue: 'v' }).error?.issues[0]?.message;
    expect(missing('zh')).toBe('请输入参数名称');
    expect(missing('en')).toBe('Please enter Name');
  });
});
