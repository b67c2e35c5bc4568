import { useMemo } from 'react';
import { createCrudApi } from '../../crud/crud-api';
import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import type { ListSource } from '../../crud/list-source';
import { systemCalls } from './system-calls';

/** Paging and sorting keys: anything else is a search filter. */
const NOT_FILTERS = new Set(['current', 'size', 'ascs', 'descs']);

/**
 * Menus as a tree table whose children load when a node opens (`lazy-list?parentId=`). A search
 * asks the whole filtered tree instead: the gateway keeps the hits' ancestors, so it stays connected.
 */
function MenuScreen(props: ScreenProps) {
  const { http } = useCrudServices();
  const source = useMemo((): ListSource => {
    const calls = systemCalls(http);
    const api = createCrudApi(http, props.entity);
    return {
      tree: true,
      paged: false,
      async load(params) {
        const filters = Object.fromEntries(Object.entries(params).filter(([k]) => !NOT_FILTERS.has(k)));
        const rows = Object.keys(filters).length ? await api.tree(filters) : await calls.menuLazyList('0');
        return { records: rows, total: rows.length };
      },
      children: (row) => calls.menuLazyList(String(row.id)),
    };
  }, [http, props.entity]);
  return <CrudPage {...props} source={source} />;
}

export default function MenuPage() {
  return <CrudScreen entityName="menu" render={(props) => <MenuScreen {...props} />} />;
}
