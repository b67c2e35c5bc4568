import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuNode } from '../api/wire';
import { menuTarget } from '../menu/menu-tree';

/** Opens a menu item: a new window for isOpen=2 and big-screen items, else the route. */
export function useMenuNavigation(): (node: MenuNode) => void {
  const navigate = useNavigate();
  return useCallback(
    (node: MenuNode) => {
      const target = menuTarget(node);
      if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
      else navigate(target.path);
    },
    [navigate],
  );
}
