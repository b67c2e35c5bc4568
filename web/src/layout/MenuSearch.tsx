import { useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { MenuNode } from '../api/wire';
import { useI18n } from '../i18n/i18n';
import { searchMenu } from '../menu/menu-tree';
import { useMenuNavigation } from './use-menu-navigation';
import { menuLabel } from '../menu/menu-label';

/** Menu search: prefix match on the menu name; Esc hides it. */
export function MenuSearch({ menu }: { menu: MenuNode[] }) {
  const { t } = useI18n();
  const open = useMenuNavigation();
  const [visible, setVisible] = useState(false);
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchMenu(menu, query), [menu, query]);

  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setVisible(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);

  const choose = (node: MenuNode) => {
    open(node);
    setVisible(false);
    setQuery('');
  };

  return (
    <>
      <Button icon="pi pi-search" text rounded aria-label={t('layoutSearch')} onClick={() => setVisible(true)} />
      {visible && (
        <div className="wd-search-overlay" role="dialog" aria-label={t('layoutSearch')} onClick={() => setVisible(false)}>
          <div className="wd-search-box" onClick={(event) => event.stopPropagation()}>
            <InputText autoFocus value={query} placeholder={t('layoutSearchPlaceholder')} onChange={(e) => setQuery(e.target.value)} />
            <ul className="wd-search-results">
              {query.trim() && results.length === 0 && <li className="wd-search-empty">{t('layoutSearchEmpty')}</li>}
              {results.map((node) => (
                <li key={node.id || node.path}>
                  <button type="button" onClick={() => choose(node)}>
                    <span>{menuLabel(node)}</span>
                    <small>{node.path}</small>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </>
  );
}
