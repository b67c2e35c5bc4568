import type { ComponentType, ReactNode } from 'react';
import type { Row } from '../../crud/crud-api';
import { Button } from 'primereact/button';
import { menuTree, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';
import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { getLanguage, useI18n } from '../../i18n/i18n';
import { confirmCall } from './screen-actions';

/** A seeded button of an entity's screen that acts on one row: POST `<its path>?id=`. */
export interface RowCall {
  button: string;
  icon: string;
}

/** The seeded [name, API path, English name] of each button of the entity's screen, by code suffix. */
function seededButtons(entityName: string): Map<string, [string, string, string]> {
  const find = (items: MenuSeed[]): MenuSeed | undefined => {
    for (const m of items) {
      const hit = m.entity === entityName ? m : find(m.children ?? []);
      if (hit) return hit;
    }
    return undefined;
  };
  return new Map((find(menuTree())?.buttons ?? []).map(([code, name, path, en]) => [code, [name, path, en]]));
}

/**
 * The generic list of an entity with its row calls (enable a storage or SMS configuration, copy
 * a code generation record): each shown where its button is granted, asked first, then the list
 * refreshes. Name and path come from the seeded menu, so the control and the grant agree.
 */
export function rowCallScreen(entityName: string, calls: readonly RowCall[]): ComponentType {
  const known = seededRowCalls(entityName, calls);
  return function RowCallEntityScreen() {
    return <CrudScreen entityName={entityName} render={(props) => <RowCallPage {...props} calls={known} />} />;
  };
}

export type SeededRowCall = RowCall & { name: string; path: string };

/** The row calls with their seeded name (in the console's language) and path (a button the menu does not seed is left out). */
export function seededRowCalls(entityName: string, calls: readonly RowCall[]): SeededRowCall[] {
  const seeded = seededButtons(entityName);
  return calls.flatMap((c) => {
    const s = seeded.get(c.button);
    if (!s) return [];
    const [zh, path, en] = s;
    return [{ ...c, path, get name() { return getLanguage() === 'en' ? en : zh; } }];
  });
}

/** The generic list with the row calls `calls` (and any other row actions `more` draws). */
export function RowCallPage({ calls, more, ...props }: Parameters<typeof CrudPage>[0] & { calls: SeededRowCall[]; more?: (row: Row) => ReactNode }) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const { buttons } = props;
  return (
    <CrudPage
      {...props}
      rowActions={(row, reload) => (
        <>
          {calls.filter((c) => buttons.has(c.button)).map((c) => (
            <Button key={c.button} link size="small" icon={c.icon} label={c.name} data-action={c.button}
              onClick={() => confirmCall(notifier, t('rowCallConfirm', { action: c.name }), () => http.post(c.path, undefined, { params: { id: String(row.id) } }), reload)} />
          ))}
          {more?.(row)}
        </>
      )}
    />
  );
}
