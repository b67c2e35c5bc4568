import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Driving the generic CRUD controls (web/src/crud/FieldInput.tsx, RefInput.tsx) by what the DOM
 * shows, so bespoke screens that patch a definition (a flag shown as a switch, a field left out)
 * are filled as rendered. Every control carries the id `crud-<field>` (`search-<field>` in the
 * search bar) on its input; PrimeReact wraps it in a host element whose class names the control.
 */
export type ControlKind = 'dropdown' | 'multiselect' | 'treeselect' | 'calendar' | 'number' | 'switch' | 'password' | 'textarea' | 'text';

const HOSTS: [string, ControlKind][] = [
  ['.p-dropdown', 'dropdown'],
  ['.p-multiselect', 'multiselect'],
  ['.p-treeselect', 'treeselect'],
  ['.p-calendar', 'calendar'],
  ['.p-inputnumber', 'number'],
  ['.p-inputswitch', 'switch'],
  ['.p-password', 'password'],
];

export async function controlKind(input: Locator): Promise<ControlKind> {
  const host = await input.evaluate((el, hosts) => hosts.find(([sel]) => el.closest(sel))?.[1] ?? el.tagName.toLowerCase(), HOSTS);
  return host === 'textarea' ? 'textarea' : host === 'input' ? 'text' : (host as ControlKind);
}

/** The PrimeReact element that opens a select's panel (the input itself is hidden). */
const hostOf = (input: Locator, kind: ControlKind) => input.locator(`xpath=ancestor::*[contains(concat(' ', @class, ' '), ' p-${kind} ')][1]`);

/** The overlay panel now open (PrimeReact appends it to <body>). */
const panel = (page: Page, kind: ControlKind) => page.locator(`.p-${kind}-panel`).last();

/** Opens a select and chooses its first option (reference options load from the server first). */
export async function pickFirst(page: Page, input: Locator, kind: ControlKind): Promise<string> {
  const host = hostOf(input, kind);
  await host.click();
  const open = panel(page, kind);
  await expect(open).toBeVisible();
  if (kind === 'treeselect') {
    const node = open.locator('.p-treenode-content').first();
    await expect(node).toBeVisible();
    const label = (await node.innerText()).trim();
    // Checkbox trees (package menus) toggle by their box; other modes by the node.
    const box = node.locator('.p-checkbox');
    await ((await box.count()) ? box.click() : node.click());
    // Multiple and checkbox modes stay open after a choice (single mode too, here): close it.
    await expect(open).toBeHidden({ timeout: 500 }).catch(() => open.locator('.p-treeselect-close').click());
    await expect(open).toBeHidden();
    return label;
  }
  const item = open.locator(`li.p-${kind}-item`).first();
  await expect(item).toBeVisible();
  const label = (await item.innerText()).trim();
  await item.click();
  if (kind === 'multiselect') await open.locator('.p-multiselect-close').click();
  await expect(open).toBeHidden();
  return label;
}

/**
 * Puts a value in a control: text, numbers and dates typed (the picker parses typed text), selects
 * choose their first option. Answers what the control shows, for the report.
 */
export async function setControl(page: Page, input: Locator, value: unknown): Promise<string> {
  const kind = await controlKind(input);
  switch (kind) {
    case 'dropdown':
    case 'multiselect':
    case 'treeselect':
      return pickFirst(page, input, kind);
    case 'switch':
      return 'switch left as is';
    case 'number':
      await input.click();
      await input.press('ControlOrMeta+a');
      await input.pressSequentially(String(value));
      await input.blur();
      await expect(input).toHaveValue(String(value));
      return String(value);
    case 'calendar':
      await input.fill(String(value));
      // A click outside closes the picker the focus opened (Escape would close the dialog too): on
      // the modal mask in the corner, which the picker cannot cover and which keeps the dialog.
      // Retried: a click before the picker finished opening is not seen as outside.
      await expect(async () => {
        const picker = page.locator('.p-datepicker:visible');
        if (await picker.count()) await page.mouse.click((page.viewportSize()?.width ?? 1280) - 4, (page.viewportSize()?.height ?? 800) - 4);
        await expect(picker).toHaveCount(0, { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await expect(input).toHaveValue(String(value));
      return String(value);
    default: {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      await input.fill(text);
      return text;
    }
  }
}

/** Marks the toasts shown so far, so the next expected one cannot be an earlier screen's. */
export async function dismissToasts(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.p-toast-message').forEach((el) => (el.dataset.seen = '1')));
}

/** Waits for a toast; on failure says what was shown instead (server message, field errors). */
export async function expectToast(page: Page, text: string, dialog?: Locator, timeout = 15_000): Promise<void> {
  const toast = page.locator('.p-toast-message:not([data-seen])').filter({ hasText: text });
  try {
    await expect(toast.first()).toBeVisible({ timeout });
  } catch {
    const toasts = await page.locator('.p-toast-message').allInnerTexts();
    const errors = dialog ? await dialog.locator('.wd-field-error').allInnerTexts() : [];
    throw new Error(`expected the toast "${text}"; toasts: ${JSON.stringify(toasts)}; field errors: ${JSON.stringify(errors)}`);
  }
}
