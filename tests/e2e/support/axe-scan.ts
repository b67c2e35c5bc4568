import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { entityList } from '@wdiov/contracts/entities/registry';
import { menuTree, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The map's WebGL canvas is drawn pixels: axe cannot read a colour, a name or a role in them, so
 * these checks are left out on the canvas only (the vehicle list beside it is its keyboard twin).
 */
export const CANVAS_ONLY = '.maplibregl-canvas';

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/**
 * Critical and serious violations on the page as it is now; `within`: only inside that element
 * when the page has it (the whole page otherwise), for audits whose surroundings another audit
 * of the same page covers.
 */
export async function seriousViolations(page: Page, where: string, within?: string): Promise<Finding[]> {
  // Only violations are read: axe then works out a selector and summary for one node of each
  // passing rule instead of every node (axe's API guide, performance), much of an audit's work.
  const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude(CANVAS_ONLY).options({ resultTypes: ['violations'] });
  if (within && (await page.locator(within).count()) > 0) axe.include(within);
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`.trim()),
    }));
}

export const describeFindings = (findings: Finding[]): string =>
  findings.map((f) => `${f.where}: ${f.rule} (${f.impact})\n    ${f.nodes.join('\n    ')}`).join('\n');

export interface MenuRoute {
  path: string;
  /** Opened in a window of its own (isOpen 2, the large screen), not inside the console's frame. */
  window: boolean;
}

/** Every leaf route of the seeded menu (the pages a user can open from the sidebar). */
export function menuRoutes(): MenuRoute[] {
  const out: MenuRoute[] = [];
  const walk = (items: MenuSeed[]) =>
    items.forEach((m) => {
      if (m.children?.length) walk(m.children);
      else out.push({ path: m.path, window: m.isOpen === 2 || m.path.includes('largeScreen') });
    });
  walk(menuTree(entityList));
  return out;
}
