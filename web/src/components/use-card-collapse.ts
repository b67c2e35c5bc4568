import { useEffect, useState } from 'react';
import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import { severity } from '../live/alarm-card-view';

/** Levels 1 and 2 (and fences without a level) collapse; levels 3 and 4 stay open until acknowledged. */
export const collapses = (card: AlarmCardData) => severity(card) <= 2;

/**
 * Whether the shown card is collapsed to its notice: a lower-level card collapses `afterMs` after it
 * came to the front, and stays collapsed if it comes back there; `expand` opens it again for as long.
 */
export function useCardCollapse(shown: { key: number; card: AlarmCardData } | undefined, afterMs: number) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [opened, setOpened] = useState(0);
  const key = shown?.key;
  const lower = shown ? collapses(shown.card) : false;
  const isCollapsed = key !== undefined && collapsed.has(key);

  useEffect(() => {
    if (key === undefined || !lower || isCollapsed) return undefined;
    const timer = setTimeout(() => setCollapsed((keys) => new Set(keys).add(key)), afterMs);
    return () => clearTimeout(timer);
  }, [key, lower, isCollapsed, afterMs, opened]);

  const expand = () => {
    if (key === undefined) return;
    setCollapsed((keys) => {
      const next = new Set(keys);
      next.delete(key);
      return next;
    });
    setOpened((n) => n + 1);
  };
  return { collapsed: isCollapsed, expand };
}
