import { useEffect, useState, useSyncExternalStore } from 'react';
import { getStore, setStore } from '../util/storage';

/** Screen size class by width (spec §9): 1200+ is 3, 992+ is 2, 768+ is 1, else 0. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

/** Small screens (class ≤ 1) collapse the sidebar after a menu choice. */
export const isSmallScreen = (width: number) => screenClass(width) <= 1;

export function useScreenWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

const listeners = new Set<() => void>();
let collapsed = getStore<boolean>('isCollapse') ?? false;

export const collapseStore = {
  get: () => collapsed,
  set(next: boolean): void {
    collapsed = next;
    setStore({ name: 'isCollapse', content: next });
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCollapsed(): boolean {
  return useSyncExternalStore(collapseStore.subscribe, collapseStore.get, collapseStore.get);
}
