import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { md5 } from 'js-md5';
import { ALL_BUTTONS, buttonSet } from './buttons';
import { CrudPage } from './CrudPage';
import { crudHarness, ok, SAMPLE_ROWS, sampleEntity } from './crud-fixture';
import { deferred } from '../test-support/flush';

function renderPage(buttons = ALL_BUTTONS) {
  const h = crudHarness();
  render(h.wrap(<CrudPage entity={sampleEntity} buttons={buttons} />));
  return h;
}

const table = () => screen.getByRole('table');

// jsdom renders primereact tables slowly: a few seconds per test on a loaded machine.
describe('CrudPage (generic list of an entity)', { timeout: 30_000 }, () => {
  it('loads the first page of 10 and shows references and dictionary values by their labels', async () => {
    const h = renderPage();
    expect(await within(table()).findByText('一号车')).toBeInTheDocument();
    expect(h.lastPage().get('current')).toBe('1');
    expect(h.lastPage().get('size')).toBe('10');
    // postId → postName as answered; carStatus 2 → 已销售 from the cached dictionary.
    expect(within(table()).getByText('司机')).toBeInTheDocument();
    expect(await within(table()).findByText('已销售')).toBeInTheDocument();
    expect(h.fake.requests.filter((r) => r.url.includes('dictionary?code=vehicle_status'))).toHaveLength(1);
  });

  it('search drops empty values and goes back to page 1', async () => {
    const h = renderPage();
    await within(table()).findByText('一号车');
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(h.lastPage().get('current')).toBe('2'));
    fireEvent.change(screen.getByLabelText('车辆名称'), { target: { value: '  一号 ' } });
    fireEvent.change(screen.getByLabelText('车牌号'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(h.lastPage().get('carName_like')).toBe('一号'));
    expect(h.lastPage().get('current')).toBe('1');
    expect(h.lastPage().has('plateNo_like')).toBe(false);
    expect(h.lastPage().has('carStatus_equal')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() => expect(h.lastPage().has('carName_like')).toBe(false));
  });

  it('offers page sizes 10/30/50/100/200 and asks the chosen size from page 1', async () => {
    const h = renderPage();
    await within(table()).findByText('一号车');
    fireEvent.click(document.querySelector('.p-paginator .p-dropdown')!);
    // The overlay is a portal on body, outside the accessibility tree jsdom computes for it.
    const listbox = await waitFor(() => document.querySelector<HTMLElement>('.p-dropdown-panel [role=listbox]')!);
    const options = [...listbox.querySelectorAll('[role=option]')].map((o) => o.getAttribute('aria-label'));
    expect(options).toEqual(['10', '30', '50', '100', '200']);
    fireEvent.click(listbox.querySelector('[aria-label="30"]')!);
    await waitFor(() => expect(h.lastPage().get('size')).toBe('30'));
    expect(h.lastPage().get('current')).toBe('1');
  });

  it('maps column sorting to ascs / descs with snake_case column names', async () => {
    const h = renderPage();
    await within(table()).findByText('一号车');
    fireEvent.click(within(table()).getByText('车牌号'));
    await waitFor(() => expect(h.lastPage().get('ascs')).toBe('plate_no'));
    fireEvent.click(within(table()).getByText('车牌号'));
    await waitFor(() => expect(h.lastPage().get('descs')).toBe('plate_no'));
    expect(h.lastPage().has('ascs')).toBe(false);
  });

  it('warns when batch delete has nothing selected', async () => {
    const h = renderPage();
    await within(table()).findByText('一号车');
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '删除' }));
    expect(h.notes.messages).toContainEqual(['warning', '请选择至少一条数据']);
    expect(h.fake.requests.some((r) => r.url.includes('/remove'))).toBe(false);
  });

  it('asks before a single delete, then removes by ids and toasts', async () => {
    const h = renderPage();
    const row = (await within(table()).findByText('一号车')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除样例车辆「一号车」?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '删除成功']));
    const remove = h.fake.requests.find((r) => r.url.includes('/remove'))!;
    expect(remove.method).toBe('POST');
    expect(new URL(remove.url, 'http://x').searchParams.get('ids')).toBe('1');
  });

  it('names the records a batch delete removes', async () => {
    renderPage();
    await within(table()).findByText('一号车');
    for (const id of ['1', '2']) fireEvent.click(within(table()).getByLabelText(`选中此行 ${id}`, { selector: 'input' }));
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除这 2 条样例车辆: 一号车、二号车?')).toBeInTheDocument();
  });

  it('validates the form from the definition on blur and on submit', async () => {
    renderPage();
    await within(table()).findByText('一号车');
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.blur(within(dialog).getByLabelText(/车辆名称/));
    expect(await within(dialog).findByText('请输入车辆名称')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/车牌号/), { target: { value: 'a b' } });
    fireEvent.blur(within(dialog).getByLabelText(/车牌号/));
    expect(await within(dialog).findByText('车牌号格式不正确')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/参数/), { target: { value: '{bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('参数不是有效的JSON')).toBeInTheDocument();
    // The required mark is shown for the required field only.
    expect(within(dialog).getByText('车辆名称').parentElement?.querySelector('.wd-required')).not.toBeNull();
  });

  it('sends a trimmed add with the password md5-hashed, and toasts 新增成功', async () => {
    const h = renderPage();
    await within(table()).findByText('一号车');
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/车辆名称/), { target: { value: '  三号车  ' } });
    fireEvent.change(within(dialog).getByLabelText(/密码/), { target: { value: 'secret123' } });
    fireEvent.change(within(dialog).getByLabelText(/参数/), { target: { value: '{"a":1}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '新增成功']));
    const submit = h.fake.requests.find((r) => r.url.includes('/submit'))!;
    expect(h.bodyOf(submit)).toEqual({ carName: '三号车', secret: md5('secret123'), params: { a: 1 } });
  });

  it('edits from the detail without pre-filling the password, and toasts 更新成功', async () => {
    const h = renderPage();
    const row = (await within(table()).findByText('一号车')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/车辆名称/)).toHaveValue('一号车');
    expect(within(dialog).getByLabelText(/密码/)).toHaveValue('');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '更新成功']));
    const body = h.bodyOf(h.fake.requests.find((r) => r.url.includes('/submit'))!);
    expect(body).toMatchObject({ id: '1', carName: '一号车', carStatus: 1, postId: '9' });
    expect(body).not.toHaveProperty('secret');
  });

  it('hides the buttons whose codes the user lacks', async () => {
    renderPage(buttonSet({ sample_car_view: true }, 'sample_car'));
    const row = (await within(table()).findByText('一号车')).closest('tr')!;
    expect(within(row).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(screen.getByRole('toolbar')).queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('filters createTime by the picked days (createTime_dategt / createTime_datelt)', async () => {
    const { rangeParams } = await import('./list-params');
    expect(rangeParams([new Date(2025, 0, 2), new Date(2025, 0, 5)])).toEqual({
      createTime_dategt: '2025-01-02 00:00:00',
      createTime_datelt: '2025-01-05 23:59:59',
    });
  });

  describe('export', () => {
    afterEach(() => vi.restoreAllMocks());

    const openExport = async (format: string) => {
      fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '导出' }));
      fireEvent.click(await screen.findByText(format));
    };

    it('downloads the filtered list as CSV with labels, a BOM and the visible columns', async () => {
      const blobs: Blob[] = [];
      URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:x'));
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const h = crudHarness(2);
      render(h.wrap(<CrudPage entity={sampleEntity} buttons={ALL_BUTTONS} />));
      await within(table()).findByText('已销售');
      await openExport('导出 CSV');
      await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '导出完成']));
      expect(h.lastPage().get('size')).toBe('500');
      const bytes = new Uint8Array(await blobs[0].arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(csv).toBe('\uFEFF车辆名称,车牌号,车辆状态,所属岗位\r\n一号车,粤B00001,库存,司机\r\n二号车,粤B00002,已销售,\r\n');
    });

    it('shows rows fetched / total and stops when cancelled', async () => {
      const second = deferred<void>();
      const h = crudHarness(0, {
        '/sampleCar/page': async (req) => {
          const q = new URL(req.url, 'http://x').searchParams;
          if (q.get('size') === '500' && q.get('current') === '2') await second.promise;
          const records = q.get('size') === '500' ? Array.from({ length: 500 }, (_, i) => ({ ...SAMPLE_ROWS[0], id: String(i) })) : SAMPLE_ROWS;
          return new Response(JSON.stringify(ok({ records, total: 1200 }).body), { headers: { 'content-type': 'application/json' } });
        },
      });
      render(h.wrap(<CrudPage entity={sampleEntity} buttons={ALL_BUTTONS} />));
      await within(table()).findByText('二号车');
      await openExport('导出 Excel (xlsx)');
      expect(await screen.findByText('已获取 500 / 1200 条')).toBeInTheDocument();
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
      second.resolve();
      await waitFor(() => expect(h.notes.messages).toContainEqual(['info', '已取消导出']));
      const exportCalls = h.pageRequests().filter((q) => q.get('size') === '500').map((q) => q.get('current'));
      expect(exportCalls).toEqual(['1', '2']);
    });
  });

  it('moves the focus into the form and back to the add button when it closes', async () => {
    renderPage();
    await within(table()).findByText('一号车');
    const add = within(screen.getByRole('toolbar')).getByRole('button', { name: '新增' });
    add.focus();
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(add);
  });
});
