import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { entities } from '@wdiov/contracts/entities/registry';
import type { HttpClient } from '../api/http';
import { setLanguage } from '../i18n/i18n';
import { loadDictionary, useDictionaries } from './dictionaries';

/** A client that answers nothing: the alarm types must not be asked for. */
const asked: string[] = [];
const http = { get: async (url: string, params: Record<string, string>) => void asked.push(`${url}?${params.code}`) } as unknown as HttpClient;
const nameOf = (items: { dictKey: string; dictValue: string }[], key: string) => items.find((i) => i.dictKey === key)?.dictValue;

afterEach(() => setLanguage('zh'));

describe('dictionaries', () => {
  it('takes the alarm types from the alarm rule registry, named in the user\'s language', async () => {
    const zh = await loadDictionary(http, 'alarm_type');
    expect(nameOf(zh, 'gb:insulation')).toBe('绝缘电阻失效报警');
    expect(nameOf(zh, 'platform:offline')).toBe('离线超时报警');
    setLanguage('en');
    const en = await loadDictionary(http, 'alarm_type');
    expect(nameOf(en, 'platform:overspeed')).toBe('Overspeed alarm');
    expect(en.map((i) => i.dictKey)).toEqual(zh.map((i) => i.dictKey));
    expect(asked).toEqual([]);
  });

  it('gives the handling-team form the alarm types again when the language changes', async () => {
    const { result } = renderHook(() => useDictionaries(http, entities.alarmHandleTeam));
    await waitFor(() => expect(nameOf(result.current.alarm_type ?? [], 'gb:socLow')).toBe('SOC低报警'));
    act(() => setLanguage('en'));
    await waitFor(() => expect(nameOf(result.current.alarm_type ?? [], 'gb:socLow')).toBe('SOC low alarm'));
  });
});
