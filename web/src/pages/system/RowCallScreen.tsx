import type { ComponentType, ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Row } from '../../crud/crud-api';
import { Button } from 'primereact/button';
import { routeUrl } from '@wdiov/contracts/api/define-route';
import { ossEnableRoute } from '@wdiov/contracts/api/oss.route';
import { smsEnableRoute } from '@wdiov/contracts/api/sms.route';
import { menuTree, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';
import { callRoute } from '../../api/call-route';
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

/** Row calls declared as contracts: called through their declaration, found by the path their button is seeded with. */
const DECLARED_ROW_CALLS = [ossEnableRoute, smsEnableRoute] as const;
type DeclaredRowCall = (typeof DECLARED_ROW_CALLS)[number];
const declaredAt = (path: string) => DECLARED_ROW_CALLS.find((route) => `/api${routeUrl(route)}` === path);

export type SeededRowCall = RowCall & { name: string; path: string; route?: DeclaredRowCall };

/** The row calls with their seeded name (in the console's language) and path (a button the menu does not seed is left out). */
export function seededRowCalls(entityName: string, calls: readonly RowCall[]): SeededRowCall[] {
  const seeded = seededButtons(entityName);
  return calls.flatMap((c) => {
    const s = seeded.get(c.button);
    if (!s) return [];
    const [zh, path, en] = s;
    return [{ ...c, path, route: declaredAt(path), get name() { return getLanguage() === 'en' ? en : zh; } }];
  });
}

/** The generic list with the row calls `calls` (and any other row actions `more` draws). */
export function RowCallPage({ calls, more, ...props }: Parameters<typeof CrudPage>[0] & { calls: SeededRowCall[]; more?: (row: Row) => ReactNode }) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const { buttons } = props;
  // The list reloads after the call (confirmCall), so no query is invalidated here.
  const run = useMutation({
    mutationFn: ({ call, id }: { call: SeededRowCall; id: string }) =>
      call.route ? callRoute(http, call.route, { query: { id } }) : http.post(call.path, undefined, { params: { id } }),
  });
  return (
    <CrudPage
      {...props}
      rowActions={(row, reload) => (
        <>
          {calls.filter((c) => buttons.has(c.button)).map((c) => (
            <Button key={c.button} link size="small" icon={c.icon} label={c.name} data-action={c.button}
              onClick={() => confirmCall(notifier, t('rowCallConfirm', { action: c.name }), () => run.mutateAsync({ call: c, id: String(row.id) }), reload)} />
          ))}
          {more?.(row)}
        </>
      )}
    />
  );
}
