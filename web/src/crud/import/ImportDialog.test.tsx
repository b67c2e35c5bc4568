import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { defineEntity, type AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { ALL_BUTTONS, buttonSet } from '../buttons';
import { CrudPage } from '../CrudPage';
import { crudHarness, ok, sampleEntity } from '../crud-fixture';
import type { RecordedRequest } from '../../test-support/fake-fetch';
import { entityQueryKey } from '../../shared/query-keys';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const uploadIn = (r: RecordedRequest) => JSON.parse(String(r.body)) as { fileName: string; content: string };

const BAD = { total: 3, valid: 1, columns: [], ignored: ['备注'], errorCount: 2, errors: [
  { row: 3, column: '车牌号', field: 'plateNo', message: '车牌号格式不正确' },
  { row: 4, column: '车辆状态', field: 'carStatus', message: '车辆状态的值无效: 报废' },
] };
const GOOD = { total: 2, valid: 2, columns: [], ignored: [], errorCount: 0, errors: [] };

function renderPage(buttons = ALL_BUTTONS, entity: AnyEntity = sampleEntity) {
  const h = crudHarness(25, {
    '/sampleCar/import/preview': async (r) => json({ code: 200, success: true, msg: '操作成功', data: uploadIn(r).fileName === 'bad.csv' ? BAD : GOOD }),
    '/sampleCar/import/commit': ok({ imported: 2 }),
  });
  // A list query of the entity held in the cache (another list of it): the commit must drop it.
  h.queries.setQueryData([...entityQueryKey(sampleEntity.name), 'list', 'elsewhere'], { records: [] });
  render(h.wrap(<CrudPage entity={entity} buttons={buttons} />));
  return h;
}

const choose = (name: string, text: string) =>
  fireEvent.change(screen.getByLabelText('选择文件', { selector: 'input' }), { target: { files: [new File([text], name, { type: 'text/csv' })] } });

describe('the import dialog of a list', { timeout: 30_000 }, () => {
  it('previews a file\'s row errors, refuses to commit it, then imports a fixed file and reloads the list', async () => {
    const h = renderPage();
    await within(screen.getByRole('table')).findByText('一号车');
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: '确认导入' })).toBeDisabled();

    choose('bad.csv', '车辆名称,车牌号\n一号,x\n');
    expect(await within(dialog).findByText('共 3 行, 可导入 1 行, 2 处错误')).toBeInTheDocument();
    expect(within(dialog).getByText('车辆状态的值无效: 报废')).toBeInTheDocument();
    expect(within(dialog).getByText('未识别的列将被忽略: 备注')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '确认导入' })).toBeDisabled();
    const preview = h.fake.requests.find((r) => r.url.includes('/import/preview'))!;
    expect(preview.method).toBe('POST');
    const sent = Uint8Array.from(atob(uploadIn(preview).content), (c) => c.charCodeAt(0));
    expect(new TextDecoder().decode(sent)).toBe('车辆名称,车牌号\n一号,x\n');
    expect(h.fake.requests.some((r) => r.url.includes('/import/commit'))).toBe(false);

    choose('good.csv', 'carName\n一号\n二号\n');
    expect(await within(dialog).findByText('共 2 行, 可导入 2 行, 0 处错误')).toBeInTheDocument();
    const pagesBefore = h.pageRequests().length;
    fireEvent.click(within(dialog).getByRole('button', { name: '确认导入' }));
    expect(await within(dialog).findByText('已导入 2 条')).toBeInTheDocument();
    expect(uploadIn(h.fake.requests.find((r) => r.url.includes('/import/commit'))!).fileName).toBe('good.csv');
    expect(h.notes.messages).toContainEqual(['success', '已导入 2 条']);
    await waitFor(() => expect(h.pageRequests().length).toBeGreaterThan(pagesBefore));
    expect(h.queries.getQueryState([...entityQueryKey(sampleEntity.name), 'list', 'elsewhere'])?.isInvalidated).toBe(true);
    // The footer's close (the header's icon bears the same name).
    fireEvent.click(within(dialog).getAllByRole('button', { name: '关闭' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refused file beside the file, not as a toast', async () => {
    const h = crudHarness(25, {
      '/sampleCar/import/preview': { status: 400, body: { code: 400, success: false, data: {}, msg: '缺少必填列: 车辆名称' } },
    });
    render(h.wrap(<CrudPage entity={sampleEntity} buttons={ALL_BUTTONS} />));
    await within(screen.getByRole('table')).findByText('一号车');
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    choose('plates.csv', '车牌号\n粤B1\n');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('缺少必填列: 车辆名称');
    expect(within(dialog).getByRole('button', { name: '确认导入' })).toBeDisabled();
    expect(h.notes.messages.filter(([kind]) => kind === 'error')).toEqual([]);
  });

  it('is offered only to those who may add rows, and not where adding is more than a row (a bill starts its workflow)', async () => {
    renderPage(buttonSet({ sampleCar_view: true }, 'sampleCar'));
    await within(screen.getByRole('table')).findByText('一号车');
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    cleanup();
    renderPage(ALL_BUTTONS, defineEntity({ ...sampleEntity, name: 'bill' }));
    await within(screen.getByRole('table')).findByText('一号车');
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
  });
});
