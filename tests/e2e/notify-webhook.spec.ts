import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { entities } from '@wdiov/contracts/entities/registry';
import { openPath } from './support/crud-walk.ts';
import { dismissToasts, expectToast } from './support/crud-form.ts';
import { launchGateway, type Gateway } from './support/gateway.ts';
import { requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/**
 * An administrator sets up a webhook channel in the console and tries it: the form takes the
 * receiver's URL and signing secret, the row's test send reaches the receiver signed as
 * Standard Webhooks says, the console says where it went, the secret is never shown again, and
 * the delivery is listed among the notification records as sent.
 */
interface Received { headers: IncomingHttpHeaders; body: string }

let gateway: Gateway;
let receiver: Server;
let hookUrl = '';
/** Whom a webhook's delivery names: the receiver's host (the URL may carry a token). */
let hookHost = '';
const received: Received[] = [];
const RUN = randomBytes(3).toString('hex');
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookHost = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  hookUrl = `http://${hookHost}/fleet-alarms`;
  // The receiver is on this machine: private addresses are refused unless allowed.
  gateway = await launchGateway({ env: { OUTBOUND_ALLOW: '127.0.0.1' } });
});
test.afterAll(async () => {
  await gateway?.dispose();
  await new Promise((resolve) => receiver?.close(resolve));
});

test('a webhook channel is added in the console, its test send arrives signed, and its delivery is recorded', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page, gateway.url);
  await page.goto(`${gateway.url}/wel/index`);
  await openPath(page, '/base/notifyChannel');
  const section = page.locator(`section.wd-crud[aria-label="${entities.notifyChannel.title.zh}"]`);
  await expect(section).toBeVisible();
  await section.getByRole('toolbar').getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByRole('dialog').filter({ has: page.locator('form.wd-crud-form') });
  const name = `值班群-${RUN}`;
  await form.locator('#crud-channelName').fill(name);
  await form.locator('#crud-channelType').locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " p-dropdown ")][1]').click();
  await page.locator('.p-dropdown-panel').last().getByRole('option', { name: 'Webhook', exact: true }).click();
  await form.locator('#crud-target').fill(hookUrl);
  await form.locator('#crud-secret').fill(SECRET);
  await dismissToasts(page);
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await expectToast(page, '新增成功', form);
  await expect(form).toBeHidden();

  const row = section.locator('tbody tr', { hasText: name });
  await expect(row).toContainText('Webhook');
  await expect(row).not.toContainText(SECRET);
  await dismissToasts(page);
  await row.getByRole('button', { name: '发送测试' }).click();
  await expectToast(page, `测试消息已发送至: ${hookHost}`);

  // What arrived: one POST, signed over its id, timestamp and body with the secret's key.
  expect(received).toHaveLength(1);
  const [hook] = received;
  const id = String(hook!.headers['webhook-id']);
  const ts = String(hook!.headers['webhook-timestamp']);
  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${ts}.${hook!.body}`).digest('base64')}`;
  expect(String(hook!.headers['webhook-signature']).split(' ')).toContain(expected);
  expect(Math.abs(Date.now() / 1000 - Number(ts))).toBeLessThan(300);
  expect(() => JSON.parse(hook!.body)).not.toThrow();

  // The edit form keeps the secret out of sight.
  await row.getByRole('button', { name: '编辑', exact: true }).click();
  await expect(form.locator('#crud-secret')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await openPath(page, '/base/notifyRecord');
  const records = page.locator(`section.wd-crud[aria-label="${entities.notifyRecord.title.zh}"]`);
  const record = records.locator('tbody tr', { hasText: hookHost });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText('Webhook');
  await expect(record).toContainText('已发送');
});
