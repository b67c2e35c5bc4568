import type { MenuNode } from '../api/wire';
import { menuLabel } from './menu-label';
import { isUrl } from '../util/validators';

/** Items with a roles list show only when it includes one of the user's roles. */
export function filterMenuByRoles(nodes: MenuNode[], roles: string[]): MenuNode[] {
  return nodes
    .filter((node) => !node.roles?.length || node.roles.some((role) => roles.includes(role)))
    .map((node) => (node.children?.length ? { ...node, children: filterMenuByRoles(node.children, roles) } : node));
}

/** Every leaf code of the buttons tree becomes `permission[code] = true`. */
export function flattenButtonCodes(nodes: MenuNode[]): Record<string, true> {
  const permission: Record<string, true> = {};
  const walk = (list: MenuNode[]) => {
    for (const node of list) {
      if (node.children?.length) walk(node.children);
      else if (node.code) permission[node.code] = true;
    }
  };
  walk(nodes);
  return permission;
}

export function flattenMenu(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flattenMenu(node.children ?? [])]);
}

export function isLeaf(node: MenuNode): boolean {
  return !node.children?.length;
}

/** Menu search (spec §2): leaves whose name starts with the query, case-insensitive. */
export function searchMenu(nodes: MenuNode[], query: string): MenuNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return flattenMenu(nodes).filter((node) => isLeaf(node) && menuLabel(node).toLowerCase().startsWith(q));
}

/** Paths containing html or starting with http(s) are shown in an embedded frame. */
export function isFramePath(path: string): boolean {
  return isUrl(path) || path.includes('html');
}

export type MenuTarget =
  | { kind: 'window'; url: string }
  | { kind: 'route'; path: string };

/**
 * Where choosing a menu item goes. isOpen=2 and big-screen items open a new window;
 * frame paths go through /myiframe; a top-level leaf like `/vehicle` maps to
 * `/vehicle/index` (the Saber convention the spec's routes follow).
 */
export function menuTarget(node: MenuNode): MenuTarget {
  const path = node.path;
  if (node.isOpen === 2 || path.includes('largeScreen')) return { kind: 'window', url: path };
  if (isFramePath(path)) {
    const query = new URLSearchParams({ src: path, name: node.name });
    return { kind: 'route', path: `/myiframe/urlPath?${query.toString()}` };
  }
  const isTopLeaf = (node.parentId === '0' || node.parentId === '') && isLeaf(node);
  const oneSegment = /^\/[^/]+$/.test(path);
  return { kind: 'route', path: isTopLeaf && oneSegment ? `${path}/index` : path };
}

/** The menu node whose route is this path (query ignored). */
export function findMenuByRoute(nodes: MenuNode[], path: string): MenuNode | undefined {
  const pathname = path.split('?')[0];
  return flattenMenu(nodes).find((node) => {
    const target = menuTarget(node);
    return target.kind === 'route' && target.path.split('?')[0] === pathname;
  });
}

/** The first screen of a menu (in menu order) that opens inside the console; where a user without the home screen starts. */
export function firstScreen(nodes: MenuNode[]): string | undefined {
  for (const node of flattenMenu(nodes)) {
    if (!isLeaf(node)) continue;
    const target = menuTarget(node);
    if (target.kind === 'route') return target.path;
  }
  return undefined;
}
