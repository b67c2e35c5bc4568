import { afterEach, describe, expect, it } from 'vitest';
import { issueDiagnose, issueInstruction } from '../src/diagnosis/instruction.ts';
import { entities } from '../src/entities/registry.ts';
import { languageOf, takeLanguageFrom, validationText, type Language } from '../src/entity/validation-text.ts';
import { idString } from '../src/wire/ids.ts';
import { dateTimeString } from '../src/wire/time.ts';

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

describe('schemas built once, worded when an input is checked', () => {
  let language: Language = 'zh';
  afterEach(() => takeLanguageFrom(() => 'zh'));
  const messageOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('speak the language of the moment of the check, Chinese when none is given', () => {
    expect(messageOf(idString.safeParse('x'))).toBe('无效的ID');
    takeLanguageFrom(() => language);
    language = 'en';
    expect(messageOf(idString.safeParse('x'))).toBe('Invalid id');
    expect(messageOf(dateTimeString.safeParse('soon'))).toBe('A time must look like yyyy-MM-dd HH:mm:ss');
    language = 'zh';
    expect(messageOf(idString.safeParse('x'))).toBe('无效的ID');
    expect(messageOf(dateTimeString.safeParse('soon'))).toBe('时间格式应为 yyyy-MM-dd HH:mm:ss');
  });

  it("word a command body's refusals in both languages, keeping the Chinese wording", () => {
    takeLanguageFrom(() => language);
    const bodies = [
      [{ vehicleId: '1', instructType: 1, content: { ids: [] } }, '请至少选择一个参数', 'Choose at least one parameter'],
      [{ vehicleId: '1', instructType: 1, content: { ids: [999] } }, '查询参数: 未知的参数ID', 'Query parameter: unknown parameter id'],
      [{ vehicleId: '1', instructType: 3, content: { commandId: 99 } }, '未知的控制指令', 'Unknown control command'],
      [{ vin: 'short', instructType: 1, content: { ids: [1] } }, 'VIN应为17位', 'A VIN must be 17 characters'],
      [{ instructType: 1, content: { ids: [1] } }, '请选择车辆', 'Please choose the vehicle'],
      [{ vehicleId: '1', instructType: 1, content: { ids: [1] }, remark: 'x'.repeat(256) }, '备注不能超过255个字符', 'The remark must not be longer than 255 characters'],
    ] as const;
    for (const [body, zh, en] of bodies) {
      language = 'zh';
      expect(messageOf(issueInstruction.safeParse(body))).toBe(zh);
      language = 'en';
      expect(messageOf(issueInstruction.safeParse(body))).toBe(en);
    }
    expect(messageOf(issueDiagnose.safeParse({ vehicleIds: Array.from({ length: 201 }, (_, i) => String(i + 1)) }))).toBe('At most 200 vehicles at a time');
    language = 'zh';
    expect(messageOf(issueDiagnose.safeParse({ vehicleIds: [] }))).toBe('请至少选择一辆车');
  });
});
