import type { Page } from '@playwright/test';

/**
 * Follows a page's HTTP requests; `quiet()` resolves once none has been in flight for `ms`
 * (or after `timeout`): a screen's answers have arrived. Playwright's networkidle waits 500 ms
 * of silence, which on a hundred screens is most of a walk.
 */
export function trackRequests(page: Page, ms = 150, timeout = 5_000) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const done = (r: unknown) => {
    inFlight.delete(r);
    lastChange = Date.now();
  };
  page.on('request', (r) => {
    inFlight.add(r);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(): Promise<void> {
      const until = Date.now() + timeout;
      await new Promise((r) => setTimeout(r, ms));
      while (Date.now() < until && (inFlight.size > 0 || Date.now() - lastChange < ms)) await new Promise((r) => setTimeout(r, 25));
    },
  };
}

/** Uncaught errors and rejections of the page since the last read (emptied by `splice(0)`). */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** The console's own error log (web/src/util/error-log.ts, what the header's badge counts), emptied after reading. */
export async function consoleErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('wdiov-logsList');
    const stored = raw ? (JSON.parse(raw) as { content?: { type: string; message: string }[] }).content ?? [] : [];
    if (stored.length) localStorage.removeItem('wdiov-logsList');
    return stored.map((e) => `${e.type}: ${e.message}`);
  });
}

/**
 * Visible Chinese text the product owns. User data is left out by three rules: what the console
 * marks as a value users enter (`data-user-text`: list cells and tree nodes of a row's free-text
 * fields such as names and addresses, and the places of the region tree), plates wherever they
 * show (their province character is part of the plate), and what is declared Chinese (`lang="zh"`,
 * the language picker's own name).
 */
export async function chineseOutsideUserData(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cjk = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;
    const plates = /[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z]·?[A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]/g;
    const owned = (text: string) => cjk.test(text.replace(plates, ''));
    const exempt = '[data-user-text], [lang^="zh"], script, style, textarea, noscript';
    const out = new Set<string>();
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !owned(text) || !parent) continue;
      if (parent.closest(exempt)) continue;
      if (!visible(parent)) continue;
      out.add(text.slice(0, 60));
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (el.closest(exempt) || !visible(el)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(name);
        if (value && owned(value)) out.add(`${name}="${value.slice(0, 60)}"`);
      }
    }
    return [...out];
  });
}
