import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Tooltip } from 'primereact/tooltip';
import type { MenuNode } from '../api/wire';
import { useI18n } from '../i18n/i18n';
import { isLeaf, menuTarget } from '../menu/menu-tree';
import { useMenuNavigation } from './use-menu-navigation';
import { menuLabel } from '../menu/menu-label';

/** Server icons are iconfont classes we do not ship: use PrimeIcons when given, else a generic one. */
function iconOf(node: MenuNode): string {
  if (node.source.startsWith('pi ')) return node.source;
  return isLeaf(node) ? 'pi pi-file' : 'pi pi-folder';
}

interface SidebarProps {
  menu: MenuNode[];
  collapsed: boolean;
  title: string;
  onChosen: () => void;
  onExpandRequest: () => void;
}

export function Sidebar({ menu, collapsed, title, onChosen, onExpandRequest }: SidebarProps) {
  const { t } = useI18n();
  const open = useMenuNavigation();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const choose = (node: MenuNode) => {
    if (!isLeaf(node)) {
      if (collapsed) onExpandRequest();
      return toggle(node.id);
    }
    open(node);
    onChosen();
  };

  const renderNodes = (nodes: MenuNode[], depth: number) => (
    <ul className="wd-menu" role={depth === 0 ? 'menu' : 'group'}>
      {nodes.map((node) => {
        const target = menuTarget(node);
        const active = target.kind === 'route' && target.path.split('?')[0] === pathname;
        return (
          <li key={node.id || node.path} role="none">
            <button
              type="button"
              role="menuitem"
              className={`wd-menu-item${active ? ' is-active' : ''}`}
              style={{ paddingLeft: collapsed ? undefined : 16 + depth * 16 }}
              title={collapsed ? undefined : menuLabel(node)}
              // Icons only: the name is the button's label, shown as a tooltip on hover and on keyboard focus.
              aria-label={collapsed ? menuLabel(node) : undefined}
              data-pr-tooltip={collapsed ? menuLabel(node) : undefined}
              aria-expanded={isLeaf(node) || collapsed ? undefined : expanded.has(node.id)}
              onClick={() => choose(node)}
            >
              <i className={iconOf(node)} aria-hidden="true" />
              {!collapsed && <span className="wd-menu-label">{menuLabel(node)}</span>}
              {!collapsed && !isLeaf(node) && (
                <i className={`wd-menu-caret pi ${expanded.has(node.id) ? 'pi-angle-down' : 'pi-angle-right'}`} aria-hidden="true" />
              )}
            </button>
            {!collapsed && !isLeaf(node) && expanded.has(node.id) && renderNodes(node.children ?? [], depth + 1)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <aside className="wd-sidebar" aria-label={t('layoutMenu')}>
      {collapsed && <Tooltip target=".wd-menu-item[data-pr-tooltip]" position="right" event="both" />}
      <div className="wd-sidebar-logo">
        <img src="/img/bg/img-logo.png" alt="" width={28} height={28} />
        {!collapsed && <span>{title}</span>}
      </div>
      <nav className="wd-sidebar-scroll">
        {menu.length === 0 ? <p className="wd-menu-empty">{t('layoutMenuEmpty')}</p> : renderNodes(menu, 0)}
      </nav>
    </aside>
  );
}
