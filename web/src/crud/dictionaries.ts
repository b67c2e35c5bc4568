import { useEffect, useState } from 'react';
import { ALARM_RULES } from '@wdiov/contracts/alarm-rules/registry';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { dictBizRoutes, dictRoutes } from '@wdiov/contracts/api/dept-dict.route';
import { callRoute } from '../api/call-route';
import type { HttpClient } from '../api/http';
import { getLanguage, useI18n, type Language } from '../i18n/i18n';
import { dictText } from '../i18n/seeded-text';

export interface DictItem {
  dictKey: string;
  dictValue: string;
}

export type DictMap = Record<string, DictItem[]>;

/** One cache per client (so per app, and per test): a code is asked for once. */
const caches = new WeakMap<HttpClient, Map<string, Promise<DictItem[]>>>();

const items = (data: DictItem[]): DictItem[] => data.map((d) => ({ dictKey: d.dictKey, dictValue: d.dictValue }));

/**
 * Dictionaries the console holds itself, in the user's language: the alarm types are the alarm
 * rules of contracts' registry, the same list the gateway seeds.
 */
const REGISTRY_DICTIONARIES: Record<string, (language: Language) => DictItem[]> = {
  alarm_type: (language) => ALARM_RULES.map((r) => ({ dictKey: r.type, dictValue: r.name[language] })),
};

/** A dictionary's items: the system one, else the business one of the same code (as the gateway resolves). */
export function loadDictionary(http: HttpClient, code: string): Promise<DictItem[]> {
  const registry = REGISTRY_DICTIONARIES[code];
  if (registry) return Promise.resolve(registry(getLanguage()));
  let cache = caches.get(http);
  if (!cache) caches.set(http, (cache = new Map()));
  let hit = cache.get(code);
  if (!hit) {
    hit = (async () => {
      const system = items(await callRoute(http, dictRoutes.dictionary, { query: { code } }));
      return system.length ? system : items(await callRoute(http, dictBizRoutes.dictionary, { query: { code } }));
    })();
    // A failure is not cached: the next screen asks again.
    hit.catch(() => cache.delete(code));
    cache.set(code, hit);
  }
  return hit;
}

export function dictLabel(dicts: DictMap, code: string, key: unknown): string | undefined {
  if (key === null || key === undefined || key === '') return undefined;
  const item = dicts[code]?.find((d) => d.dictKey === String(key));
  return item && dictText(code, item.dictKey, item.dictValue);
}

/** Loads the dictionaries an entity's fields use; re-renders when they arrive. */
export function useDictionaries(http: HttpClient, entity: AnyEntity): DictMap {
  const { language } = useI18n();
  const [dicts, setDicts] = useState<DictMap>({});
  const codes = [...new Set(Object.values(entity.fields as Record<string, FieldDef>).flatMap((d) => (d.dict ? [d.dict] : [])))];
  const key = codes.join(',');
  useEffect(() => {
    let live = true;
    for (const code of key ? key.split(',') : []) {
      loadDictionary(http, code).then(
        (list) => live && setDicts((prev) => ({ ...prev, [code]: list })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [http, key, language]);
  return dicts;
}
