import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { chooseOption, createDiagnosisFixture, ok, page, pickVehicle, record, VEHICLE } from './diagnosis-fixture';

const ROWS = [
  record({ id: '101' }),
  record({ id: '102', instructType: 2, content: { params: [{ id: 9, value: 30 }] }, instructStatus: 4, responseData: { responseFlag: 2 }, failReason: '错误 (0x02)' }),
  record({ id: '103', instructType: 3, content: { commandId: 6, alarmLevel: 2 }, instructStatus: 5, responseTime: null, responseData: null, failReason: '等待终端应答超时' }),
  record({ id: '104', instructType: 4, instructStatus: 6, responseTime: null, responseData: null, failReason: '终端不在线' }),
  record({ id: '105', instructType: 1, content: { ids: [9] }, instructStatus: 2, responseTime: null, responseData: null }),
];

const table = () => within(screen.getByRole('region', { name: '指令记录' }));
const rowOf = async (text: string) => (await table().findByText(text)).closest('tr')!;

describe('remote diagnosis screen: instruction records', { timeout: 30_000 }, () => {
  it('lists time, vehicle, type, content and status as coloured tags, and filters by vehicle, type and status', async () => {
    const f = createDiagnosisFixture({ 'instructRecord/page': page(ROWS, 42) });
    render(f.element);
    const answered = await rowOf('车载终端本地存储时间周期, 正常时信息上报时间周期');
    expect(answered).toHaveTextContent('LDIAG000000000009');
    expect(answered).toHaveTextContent('参数查询');
    expect(answered).toHaveTextContent('2026-09-17 12:00:02');
    expect(within(answered).getByText('已应答').closest('.p-tag')).toHaveClass('p-tag-success');
    expect(within(await rowOf('车载终端心跳发送周期 = 30')).getByText('执行失败').closest('.p-tag')).toHaveClass('p-tag-danger');
    expect(within(await rowOf('终端报警/预警: 2 级')).getByText('超时').closest('.p-tag')).toHaveClass('p-tag-warning');
    expect(within(await rowOf('全部参数、实时状态、告警与故障')).getByText('终端离线').closest('.p-tag')).toHaveClass('p-tag-secondary');
    expect(within(await rowOf('车载终端心跳发送周期')).getByText('已下发').closest('.p-tag')).toHaveClass('p-tag-info');
    expect(f.gets('instructRecord/page')[0].get('descs')).toBe('issue_time');

    await pickVehicle('diag-filter-vehicle', 'LDIAG', '粤B12345');
    await chooseOption('diag-filter-type', '终端控制');
    await chooseOption('diag-filter-status', '超时');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(f.gets('instructRecord/page')).toHaveLength(2));
    const query = f.gets('instructRecord/page')[1];
    expect([query.get('vehicleId'), query.get('instructType'), query.get('instructStatus'), query.get('current')]).toEqual([VEHICLE.id, '3', '5', '1']);
  });

  it('says so when there are no records', async () => {
    const f = createDiagnosisFixture();
    render(f.element);
    expect(await screen.findByText('暂无指令记录，下发指令或诊断后显示在这里')).toBeInTheDocument();
  });

  it("shows a query's decoded answer as a parameter table with names and units", async () => {
    const f = createDiagnosisFixture({
      'instructRecord/page': page([ROWS[0]]),
      // The detail carries the answer as text, as a JSON column may come.
      'instructRecord/detail': ok({ ...ROWS[0], content: '{"ids":[1,2,5]}', responseData: '{"params":{"1":1000,"2":null,"4":14,"5":"gb.example.com"}}' }),
    });
    render(f.element);
    fireEvent.click(within(await rowOf('车载终端本地存储时间周期, 正常时信息上报时间周期')).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog', { name: '指令详情' });
    const params = await within(dialog).findByRole('table', { name: '参数' });
    expect(f.gets('instructRecord/detail')[0].get('id')).toBe('101');
    const lines = within(params).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(lines).toEqual([
      '0x01车载终端本地存储时间周期1000ms',
      '0x02正常时信息上报时间周期无效/异常2016: s (WORD) / 2025: s (BYTE)',
      '0x04远程服务与管理平台域名长度14bytes',
      '0x05远程服务与管理平台域名gb.example.com',
    ]);
    expect(within(dialog).getByText('车载终端本地存储时间周期, 正常时信息上报时间周期, 远程服务与管理平台域名')).toBeInTheDocument();
  });

  it('removes the selected records after a confirmation, posting their ids in the body', async () => {
    const f = createDiagnosisFixture({ 'instructRecord/page': page(ROWS.slice(0, 2)), 'instructRecord/remove': ok({}) });
    render(f.element);
    const remove = table().getByRole('button', { name: '删除' });
    expect(remove).toBeDisabled();
    for (const text of ['车载终端本地存储时间周期, 正常时信息上报时间周期', '车载终端心跳发送周期 = 30']) {
      // primereact's row checkbox reacts on its native input, not on the role=checkbox wrapper.
      fireEvent.click((await rowOf(text)).querySelector('input[type=checkbox]')!);
    }
    fireEvent.click(remove);
    expect(await screen.findByText('确定删除选中的 2 条指令记录吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(f.posts('instructRecord/remove')).toEqual([{ ids: '101,102' }]));
    await waitFor(() => expect(f.messages).toContainEqual(['success', '已删除 2 条记录']));
    expect(f.gets('instructRecord/page')).toHaveLength(2);
  });

  it('retries failed, timed-out and offline records with the same content, the new record on top', async () => {
    const retried = record({ id: '201', instructType: 2, content: { params: [{ id: 9, value: 30 }] }, issueTime: '2026-09-17 13:00:00', responseData: { responseFlag: 1 } });
    const f = createDiagnosisFixture({
      'instructRecord/page': page(ROWS),
      'instructRecord/issue': ok(retried),
      issueDiagnose: ok([record({ id: '202', instructType: 4, instructStatus: 6, failReason: '终端不在线' })]),
    });
    render(f.element);
    const answeredRow = await rowOf('车载终端本地存储时间周期, 正常时信息上报时间周期');
    expect(within(answeredRow).queryByRole('button', { name: '重试' })).toBeNull();
    expect(within(await rowOf('车载终端心跳发送周期')).queryByRole('button', { name: '重试' })).toBeNull();

    fireEvent.click(within(await rowOf('车载终端心跳发送周期 = 30')).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(f.posts('instructRecord/issue')).toEqual([{ vehicleId: '9', instructType: 2, content: { params: [{ id: 9, value: 30 }] } }]));
    await waitFor(() => expect(table().getAllByRole('row')[1]).toHaveTextContent('2026-09-17 13:00:00'));

    fireEvent.click(within(await rowOf('终端报警/预警: 2 级')).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(f.posts('instructRecord/issue')[1]).toEqual({ vehicleId: '9', instructType: 3, content: { commandId: 6, alarmLevel: 2 } }));

    // One call at a time: the next retry waits until this one has ended.
    await waitFor(() => expect(screen.getByRole('button', { name: '下发指令' })).toBeEnabled());
    fireEvent.click(within((await table().findAllByText('全部参数、实时状态、告警与故障'))[0].closest('tr')!).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(f.posts('issueDiagnose')).toEqual([{ vehicleIds: ['9'] }]));
  });

  it('hides what the user has no button grant for', async () => {
    const f = createDiagnosisFixture({ 'instructRecord/page': page(ROWS) }, { instruct: false, diagnose: true, remove: false });
    render(f.element);
    await rowOf('车载终端心跳发送周期 = 30');
    expect(screen.queryByRole('tab', { name: '参数查询' })).toBeNull();
    expect(screen.getByRole('tab', { name: '远程诊断' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下发诊断' })).toBeInTheDocument();
    expect(table().queryByRole('button', { name: '删除' })).toBeNull();
    expect(table().queryAllByRole('checkbox')).toHaveLength(0);
    // Instructions cannot be retried without 'instruct'; the offline diagnosis can.
    expect(within(await rowOf('车载终端心跳发送周期 = 30')).queryByRole('button', { name: '重试' })).toBeNull();
    expect(within(await rowOf('全部参数、实时状态、告警与故障')).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('shows only the records to a user without issue grants', async () => {
    const f = createDiagnosisFixture({ 'instructRecord/page': page(ROWS) }, { instruct: false, diagnose: false, remove: false });
    render(f.element);
    await rowOf('车载终端心跳发送周期 = 30');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });
});
