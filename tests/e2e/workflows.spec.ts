import { expect, test, type Locator, type Page } from '@playwright/test';
import { entities } from '@wdiov/contracts/entities/registry';
import { rowEditingPage, type ApiRows } from './support/api-rows.ts';
import { openPath } from './support/crud-walk.ts';
import { picture } from './support/pictures.ts';
import { requireChromium } from './support/session.ts';

requireChromium();

/**
 * Workflows through the console: a dispatch order walked from draft to closed (with a revoke
 * on the way, whose reason is required), a bill audited, and a vehicle stocked, moved and sold,
 * each row's actions following its state and each detail showing the audit trail. Pictures of the list and the trail
 * are taken when asked for (support/pictures.ts).
 */
let page: Page;
let api: ApiRows;
const RUN = 10_000 + (Date.now() % 80_000);

/**
 * Each test adds rows of its own (named by RUN, which differs per worker): the two workers may
 * share them out, each with its signed-in page (beforeAll runs once in each worker).
 */
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ browser }, info) => {
  ({ page, api } = await rowEditingPage(browser, info));
});

test.afterAll(async () => {
  await page?.close();
});

/** The row showing `text`, after opening the screen at `path` (the newest rows come first). */
async function rowOn(path: string, text: string): Promise<Locator> {
  await openPath(page, path);
  const row = page.locator('section.wd-crud tbody tr', { hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}

async function act(row: Locator, action: string) {
  await row.locator(`[data-action="${action}"]`).click();
}

async function confirm(message: string) {
  const dialog = page.locator('.p-confirm-dialog');
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: '确定' }).click();
}

/** Fills the note dialog of a transition and confirms it. */
async function note(header: string, text: string) {
  const dialog = page.getByRole('dialog', { name: header });
  await dialog.locator('#workflow-note').fill(text);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
}

async function expectActions(row: Locator, actions: string[]) {
  await expect(row.locator('[data-action]')).toHaveCount(actions.length);
  for (const a of actions) await expect(row.locator(`[data-action="${a}"]`)).toBeVisible();
}

test('a dispatch order goes from draft through submitted and deployed to closed, with its trail', async () => {
  test.setTimeout(120_000);
  const dispatchNo = `PC-WF-${RUN}`;
  await api.create(entities.dispatch, { dispatchNo });
  const path = '/vehteam/dispatch';
  let row = await rowOn(path, dispatchNo);
  await expect(row).toContainText('草稿');
  await expectActions(row, ['submit']);

  await act(row, 'submit');
  await confirm('确定提交该派车单?');
  await expect(row).toContainText('已提交');
  await expectActions(row, ['deploy', 'revoke']);
  await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0);

  // A revoke needs its reason: the dialog refuses a blank one.
  await act(row, 'revoke');
  const revoke = page.getByRole('dialog', { name: '撤销' });
  await revoke.getByRole('button', { name: '确定' }).click();
  await expect(revoke).toContainText('请输入撤销原因');
  await note('撤销', '客户改期');
  await expect(row).toContainText('已撤销');

  await act(row, 'submit');
  await confirm('确定提交该派车单?');
  await expect(row).toContainText('已提交');
  await act(row, 'deploy');
  await note('派车', '08:00 出车');
  await expect(row).toContainText('已派车');
  await expectActions(row, ['revoke', 'close']);
  await picture(page.locator('section.wd-crud'), 'workflows-dispatch-list');
  await act(row, 'close');
  await note('关闭', '按时返回');
  await expect(row).toContainText('已关闭');
  await expectActions(row, []);

  row = await rowOn(path, dispatchNo);
  await row.getByRole('button', { name: '查看' }).click();
  const trail = page.getByRole('region', { name: '流转记录' });
  await expect(trail.locator('li')).toHaveCount(5);
  await expect(trail.locator('li').nth(1)).toContainText('撤销');
  await expect(trail.locator('li').nth(1)).toContainText('客户改期');
  await expect(trail.locator('li').nth(4)).toContainText('已派车 → 已关闭');
  await picture(page.getByRole('dialog'), 'workflows-dispatch-trail');
  await page.getByRole('dialog').locator('.p-dialog-footer').getByRole('button', { name: '关闭' }).click();
});

test('a bill is audited, its amount computed, the auditor and opinion kept', async () => {
  test.setTimeout(90_000);
  const billNo = `ZD-WF-${RUN}`;
  await api.create(entities.bill, { billNo, quantity: 40, unitPrice: 7.85 });
  const row = await rowOn('/vehteam/bill', billNo);
  await expect(row).toContainText('314');
  await expect(row).toContainText('待审核');
  await expectActions(row, ['approve', 'reject']);
  await picture(page.locator('section.wd-crud'), 'workflows-bill-list');

  await act(row, 'approve');
  await note('审核通过', '票据齐全');
  await expect(row).toContainText('审核通过');
  await expectActions(row, []);

  await row.getByRole('button', { name: '查看' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('票据齐全');
  await expect(dialog.getByRole('region', { name: '流转记录' }).locator('li')).toHaveCount(1);
  await expect(dialog.getByRole('region', { name: '流转记录' })).toContainText('待审核 → 审核通过');
  await picture(dialog, 'workflows-bill-trail');
});

test('a vehicle stocked and moved between storages is sold, its history shown', async () => {
  test.setTimeout(90_000);
  const vehicleId = await api.create(entities.vehicle);
  const { vin } = await api.get<{ vin: string }>(`${entities.vehicle.basePath}/detail`, { id: vehicleId });
  const [yard, showroom] = [await api.create(entities.storage), await api.create(entities.storage)];
  await api.create(entities.storageRecord, { vehicleId, recordType: 1, storageId: yard });
  await api.create(entities.movementRecord, { vehicleId, toStorageId: showroom });
  const row = await rowOn('/pm/vehiclePm', vin);
  await expect(row).toContainText('在库');
  await expectActions(row, ['sell']);

  await act(row, 'sell');
  await confirm('确定将该车辆登记为已销售?');
  await expect(row).toContainText('已销售');
  await expectActions(row, ['deliver', 'return']);

  await row.getByRole('button', { name: '查看' }).click();
  const trail = page.getByRole('dialog').getByRole('region', { name: '流转记录' });
  await expect(trail.locator('li')).toHaveCount(3);
  await expect(trail.locator('li').nth(0)).toContainText('未入库 → 在库');
  await expect(trail.locator('li').nth(1)).toContainText('移库');
  await expect(trail.locator('li').nth(2)).toContainText('在库 → 已销售');
  await picture(page.getByRole('dialog'), 'workflows-stock-trail');
});

test('a transfer departs and arrives, moving its vehicle, shown in the operate detail; the console counts it', async () => {
  test.setTimeout(120_000);
  const vehicleId = await api.create(entities.vehicle);
  const { vin } = await api.get<{ vin: string }>(`${entities.vehicle.basePath}/detail`, { id: vehicleId });
  const [yard, port] = [await api.create(entities.storage), await api.create(entities.storage)];
  await api.create(entities.storageRecord, { vehicleId, recordType: 1, storageId: yard });
  const transferNo = `ZY-WF-${RUN}`;
  await api.create(entities.logisticsRecord, { transferNo, vehicleId, fromStorageId: yard, toStorageId: port });

  const path = '/pm/logisticsRecord/transferRecord';
  let row = await rowOn(path, transferNo);
  await expect(row).toContainText('待发运');
  await expectActions(row, ['depart']);
  await act(row, 'depart');
  await confirm('确定发运?');
  await expect(row).toContainText('运输中');
  await expectActions(row, ['arrive', 'fail']);
  await picture(page.locator('section.wd-crud'), 'workflows-transfer-list');

  // The console counts the transfer on the road.
  await openPath(page, '/wel/dashboard');
  const onRoad = page.locator('[data-count="logisticsRecord-inTransit"]');
  await expect(onRoad.locator('strong')).toHaveText(/^[1-9]\d*$/);
  await picture(page.locator('section.wd-console'), 'workflows-console');

  row = await rowOn(path, transferNo);
  await act(row, 'arrive');
  await confirm('确定到达?');
  await expect(row).toContainText('已到达');

  const stock = await api.page(entities.vehiclePm, { vehicleId_equal: vehicleId });
  expect(stock.records[0]).toMatchObject({ pmStatus: 1, storageId: port });
  await openPath(page, '/pm/operateRecord');
  const op = page.locator('section.wd-crud tbody tr', { hasText: vin });
  await expect(op).toHaveCount(3);
  await op.first().locator('[data-action="operateDetail"]').click();
  const detail = page.getByRole('dialog', { name: /作业详情/ });
  await expect(detail.getByRole('region', { name: '转运记录' })).toContainText(transferNo);
  await expect(detail.getByRole('region', { name: '车辆库存' })).toContainText('在库');
  await picture(detail, 'workflows-operate-detail');
  await detail.getByRole('button', { name: /close|关闭/i }).first().click();
});

test('a fleet vehicle’s report opens from the fleet vehicle screen', async () => {
  test.setTimeout(90_000);
  const vehicleId = await api.create(entities.vehicle);
  const { vin } = await api.get<{ vin: string }>(`${entities.vehicle.basePath}/detail`, { id: vehicleId });
  await api.create(entities.teamVehicle, { vehicleId });
  const row = await rowOn('/vehteam/vehicle', vin);
  await act(row, 'report');
  const dialog = page.getByRole('dialog', { name: /车辆报表/ });
  await expect(dialog.getByRole('table', { name: /每日报表/ })).toBeVisible();
  await picture(dialog, 'workflows-team-report');
  await dialog.getByRole('button', { name: /close|关闭/i }).first().click();
  await expect(dialog).toBeHidden();
});

test('the alarm handling config, object storage and SMS screens offer their own calls', async () => {
  test.setTimeout(90_000);
  await api.create(entities.alarmHandleConfig);
  await openPath(page, '/base/alarmHandleConfig');
  const list = page.locator('section.wd-crud');
  await expect(list.locator('[data-action="unify-on"]')).toBeVisible();
  await expect(list.locator('tbody tr [data-action="handle"]').first()).toBeVisible();
  await picture(list, 'workflows-alarm-handle-config');
  const ossCode = `oss-wf-${RUN}`;
  await api.create(entities.oss, { ossCode });
  const oss = await rowOn('/resource/oss', ossCode);
  await expect(oss.locator('[data-action="enable"]')).toBeVisible();
  await picture(page.locator('section.wd-crud'), 'workflows-oss');
  const smsCode = `sms-wf-${RUN}`;
  await api.create(entities.sms, { smsCode });
  const sms = await rowOn('/resource/sms', smsCode);
  await act(sms, 'send');
  const send = page.getByRole('dialog', { name: /发送短信/ });
  await expect(send.getByLabel('手机号(多个用逗号分隔)')).toBeVisible();
  await picture(send, 'workflows-sms-send');
  await send.getByRole('button', { name: '取消' }).click();
  await expect(send).toBeHidden();
});

test('a vehicle model’s ECUs are picked in its ECU dialog and saved', async () => {
  test.setTimeout(90_000);
  const modelName = `EM-WF-${RUN}`;
  const modelId = await api.create(entities.vehicleModel, { modelName });
  const ecuName = `ECU-WF-${RUN}`;
  const ecuId = await api.create(entities.ecuManage, { ecuName });
  const row = await rowOn('/base/vehicleModel', modelName);
  await act(row, 'ecus');
  const dialog = page.getByRole('dialog', { name: /ECU配置/ });
  await dialog.getByText(ecuName).click();
  await expect(dialog.locator('.wd-pick-order')).toHaveText('1');
  await picture(dialog, 'workflows-model-ecus');
  await dialog.locator('[data-action="dialog-save"]').click();
  await expect(dialog).toBeHidden();
  const ecus = await api.get<{ id: string }[]>(`${entities.vehicleModel.basePath}/modelEcuList`, { vehicleModelId: modelId });
  expect(ecus.map((e) => e.id)).toEqual([ecuId]);
});

test('the system screens open their own dialogs: tenant, user platform, code generation, model design and table import', async () => {
  test.setTimeout(180_000);
  const inDialog = async (name: RegExp | string, file: string, check: (dialog: Locator) => Promise<void>) => {
    const dialog = page.getByRole('dialog', { name });
    await check(dialog);
    await picture(dialog, `system-${file}`);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
  };
  await openPath(page, '/system/tenant');
  const tenant = page.locator('section.wd-crud tbody tr').first();
  await tenant.locator('.p-checkbox').click();
  await page.locator('[data-action="setting"]').click();
  await inDialog(/授权配置/, 'tenant-setting', async (d) => expect(d.getByText('账号额度', { exact: true })).toBeVisible());
  await tenant.locator('[data-action="datasource"]').click();
  await inDialog(/数据源配置/, 'tenant-datasource', async (d) => expect(d.locator('label', { hasText: '数据源' })).toBeVisible());
  await tenant.locator('[data-action="package"]').click();
  await inDialog(/产品包配置/, 'tenant-package', async (d) => expect(d.getByTestId('package-menus')).toBeVisible());

  await openPath(page, '/system/user');
  await page.locator('section.wd-crud tbody tr').first().locator('[data-action="platform"]').click();
  await inDialog(/平台配置/, 'user-platform', async (d) => expect(d.getByLabel('平台扩展(JSON)')).toBeVisible());

  const modelName = `DM-WF-${RUN}`;
  const modelId = await api.create(entities.model, { modelName, modelTable: 'wdiov_vehicle_model', modelCode: `wf${RUN}` });
  const codeName = `CG-WF-${RUN}`;
  await api.create(entities.code, { codeName, modelId, tableName: 'wdiov_vehicle_model' });
  const code = await rowOn('/tool/code', codeName);
  await code.locator('.p-checkbox').click();
  await page.locator('[data-action="gen"]').click();
  await inDialog(/代码生成/, 'code-gen', async (d) => expect(d.getByRole('button', { name: /下载 / }).first()).toBeVisible());

  const model = await rowOn('/tool/model', modelName);
  await model.locator('[data-action="prototype"]').click();
  await inDialog(/模型设计/, 'model-prototype', async (d) => expect(d.getByText('model_name', { exact: true })).toBeVisible());
  await page.locator('[data-action="table-import"]').click();
  await inDialog(/导入表结构/, 'table-import', async (d) => expect(d.getByText('物理表', { exact: true })).toBeVisible());
});
