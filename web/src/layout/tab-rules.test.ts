import { describe, expect, it } from 'vitest';
import { canClose, closeAll, closeOthers, closeTab, HOME_PATH, normalizeTabs, openTab, type Tab } from './tab-rules';

const home: Tab = { label: '数据看板', path: HOME_PATH };
const a: Tab = { label: 'A', path: '/a' };
const b: Tab = { label: 'B', path: '/b?x=1' };

describe('tab rules', () => {
  it('always starts with the home tab', () => {
    expect(normalizeTabs([a], '数据看板')).toEqual([home, a]);
    expect(normalizeTabs([a, home], '数据看板')).toEqual([home, a]);
  });

  it('opens once per path, updating the query', () => {
    const tabs = openTab(openTab([home], a), { label: 'A', path: '/a?y=2' });
    expect(tabs).toEqual([home, { label: 'A', path: '/a?y=2' }]);
  });

  it('never closes the first page or the last remaining tab', () => {
    expect(canClose([home, a], HOME_PATH)).toBe(false);
    expect(canClose([home], HOME_PATH)).toBe(false);
    expect(canClose([a], '/a')).toBe(false);
    expect(canClose([home, a], '/a')).toBe(true);
  });

  it('closing the active tab moves to its left neighbour', () => {
    expect(closeTab([home, a, b], '/b?x=1', '/b?x=1')).toEqual({ tabs: [home, a], navigateTo: '/a' });
    expect(closeTab([home, a, b], '/a', '/b?x=1')).toEqual({ tabs: [home, b] });
  });

  it('close others keeps the first page and the active one; close all returns home', () => {
    expect(closeOthers([home, a, b], '/a')).toEqual([home, a]);
    expect(closeAll([home, a, b])).toEqual({ tabs: [home], navigateTo: HOME_PATH });
  });
});
