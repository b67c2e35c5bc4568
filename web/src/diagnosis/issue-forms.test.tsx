import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '../i18n/i18n';
import { hasView } from '../app/view-registry';
import { monitoringViews } from '../monitoring/views';
import { chooseOption, createDiagnosisFixture, enterNumber, ok, page, pickVehicle, record } from './diagnosis-fixture';

const LABEL = '粤B12345 · LDIAG000000000009';
const issueButton = () => screen.getByRole('button', { name: '下发指令' });
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

afterEach(() => setLanguage('zh'));

// Whole-screen tests with primereact overlays: slower than the 5 s default under a loaded machine.
describe('remote diagnosis screen: issuing instructions', { timeout: 30_000 }, () => {
  it('is the lazily loaded view of /remoteDiagnose/index', () => {
    expect(monitoringViews['/remoteDiagnose/index']).toBeTypeOf('function');
    expect(hasView('/remoteDiagnose/index')).toBe(true);
  });

  it("explains the contract's rules in the user's language and sends nothing invalid", async () => {
    const f = createDiagnosisFixture();
    render(f.element);
    fireEvent.click(issueButton());
    expect(await screen.findByText('请选择车辆')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个参数')).toBeInTheDocument();

    tab('参数设置');
    await pickVehicle('diag-vehicle', 'LDIAG', '粤B12345');
    fireEvent.click(issueButton());
    expect(await screen.findByText('请选择参数')).toBeInTheDocument();
    await chooseOption('diag-set-id-0', /^车载终端心跳发送周期/);
    fireEvent.click(issueButton());
    expect(await screen.findByText('请输入参数值')).toBeInTheDocument();
    expect(screen.getByText('1–253 s')).toBeInTheDocument();

    tab('终端控制');
    fireEvent.click(issueButton());
    expect(await screen.findByText('请选择控制命令')).toBeInTheDocument();
    await chooseOption('diag-command', /远程升级/);
    fireEvent.change(screen.getByLabelText('拨号点名称（APN）'), { target: { value: 'cmnet;x' } });
    fireEvent.change(screen.getByLabelText('升级服务器端口'), { target: { value: '70000' } });
    fireEvent.click(issueButton());
    expect(await screen.findByText('请输入 URL 地址')).toBeInTheDocument();
    expect(screen.getByText('不能包含分号 ;')).toBeInTheDocument();
    expect(screen.getByText('请输入 0–65535 的整数')).toBeInTheDocument();

    act(() => setLanguage('en'));
    tab('Remote diagnosis');
    fireEvent.click(screen.getByRole('button', { name: 'Issue diagnosis' }));
    expect(await screen.findByText('Choose at least one vehicle')).toBeInTheDocument();
    expect(f.posts('issue')).toHaveLength(0);
  });

  it('queries the chosen parameters and shows the answer with names and units, and the record on top', async () => {
    const older = record({ id: '50', instructStatus: 4, failReason: '终端应答失败', issueTime: '2026-09-17 11:00:00' });
    const f = createDiagnosisFixture({ 'instructRecord/issue': ok(record()), 'instructRecord/page': page([older]) });
    render(f.element);
    await screen.findByText('终端应答失败');
    await pickVehicle('diag-vehicle', 'LDIAG', '粤B12345');
    fireEvent.click(screen.getByLabelText(/^车载终端本地存储时间周期/));
    fireEvent.click(screen.getByLabelText(/^正常时信息上报时间周期/));
    fireEvent.change(screen.getByLabelText('备注', { selector: '#diag-remark-query' }), { target: { value: ' 例行检查 ' } });
    fireEvent.click(issueButton());

    await waitFor(() => expect(f.posts('instructRecord/issue')).toEqual([{ vehicleId: '9', instructType: 1, content: { ids: [1, 2] }, remark: '例行检查' }]));
    await waitFor(() => expect(f.messages).toContainEqual(['success', `${LABEL}：终端已应答`]));
    const answer = screen.getByRole('region', { name: '本次结果' });
    const params = within(answer).getByRole('table', { name: '参数' });
    expect(within(params).getByText('车载终端本地存储时间周期')).toBeInTheDocument();
    expect(within(params).getByText('1000')).toBeInTheDocument();
    expect(within(params).getByText('ms')).toBeInTheDocument();
    expect(within(params).getByText('无效/异常')).toBeInTheDocument();

    const rows = within(screen.getByRole('region', { name: '指令记录' })).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('2026-09-17 12:00:00');
    expect(rows[0]).toHaveTextContent('已应答');
    expect(rows[1]).toHaveTextContent('终端应答失败');
  });

  it('selects every parameter at once', async () => {
    const f = createDiagnosisFixture({ 'instructRecord/issue': ok(record()) });
    render(f.element);
    await pickVehicle('diag-vehicle', 'LDIAG', '粤B12345');
    fireEvent.click(screen.getByLabelText('全选'));
    expect(screen.getByText('已选 16 项')).toBeInTheDocument();
    fireEvent.click(issueButton());
    await waitFor(() => expect(f.posts('issue')[0]?.content).toEqual({ ids: Array.from({ length: 16 }, (_, i) => i + 1) }));
  });

  it('sets parameters with an input per parameter: numbers in range, domains as text', async () => {
    const f = createDiagnosisFixture({ 'instructRecord/issue': ok(record({ instructType: 2, responseData: { responseFlag: 1 } })) });
    render(f.element);
    tab('参数设置');
    await pickVehicle('diag-vehicle', '粤B1', '粤B12345');
    await chooseOption('diag-set-id-0', /^车载终端心跳发送周期/);
    enterNumber('diag-set-value-0', '30');
    fireEvent.click(screen.getByRole('button', { name: '添加参数' }));
    await chooseOption('diag-set-id-1', /^远程服务与管理平台域名/);
    fireEvent.change(document.getElementById('diag-set-value-1')!, { target: { value: ' gb.example.com ' } });
    fireEvent.click(issueButton());
    await waitFor(() =>
      expect(f.posts('issue')).toEqual([{ vehicleId: '9', instructType: 2, content: { params: [{ id: 9, value: 30 }, { id: 5, value: 'gb.example.com' }] } }]),
    );
    expect(await screen.findByText('成功 (0x01)')).toBeInTheDocument();
  });

  it('asks before a shutdown, naming the vehicle, and sends the command only when confirmed', async () => {
    const f = createDiagnosisFixture({ 'instructRecord/issue': ok(record({ instructType: 3, content: { commandId: 2 }, responseData: { responseFlag: 1 } })) });
    render(f.element);
    tab('终端控制');
    await pickVehicle('diag-vehicle', 'LDIAG', '粤B12345');
    await chooseOption('diag-command', /终端关机/);
    fireEvent.click(issueButton());
    expect(await screen.findByText(`确定向车辆 ${LABEL} 下发“终端关机”吗？终端可能因此断开或丢失数据。`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(f.posts('issue')).toHaveLength(0);

    fireEvent.click(issueButton());
    fireEvent.click(await screen.findByRole('button', { name: '确认下发' }));
    await waitFor(() => expect(f.posts('issue')).toEqual([{ vehicleId: '9', instructType: 3, content: { commandId: 2 } }]));
  });

  it("joins the upgrade fields with ';' in the standard's order, and sends an alarm's level", async () => {
    const f = createDiagnosisFixture({ 'instructRecord/issue': ok(record({ instructType: 3 })) });
    render(f.element);
    tab('终端控制');
    await pickVehicle('diag-vehicle', 'LDIAG', '粤B12345');
    await chooseOption('diag-command', /远程升级/);
    fireEvent.change(screen.getByLabelText(/URL 地址/), { target: { value: 'ftp://fw.example.com/t.bin' } });
    fireEvent.change(screen.getByLabelText('升级服务器端口'), { target: { value: '21' } });
    fireEvent.change(screen.getByLabelText('固件版本'), { target: { value: 'V1.2' } });
    expect(screen.getByTestId('upgrade-preview')).toHaveTextContent('ftp://fw.example.com/t.bin;;;;;21;;;V1.2;');
    fireEvent.click(issueButton());
    await waitFor(() => expect(f.posts('issue')[0]?.content).toEqual({ commandId: 1, upgrade: 'ftp://fw.example.com/t.bin;;;;;21;;;V1.2;' }));

    await chooseOption('diag-command', /终端报警/);
    fireEvent.click(issueButton());
    expect(await screen.findByText('请选择报警等级（0–4）')).toBeInTheDocument();
    await chooseOption('diag-alarm-level', '2 级');
    fireEvent.click(issueButton());
    await waitFor(() => expect(f.posts('issue')[1]?.content).toEqual({ commandId: 6, alarmLevel: 2 }));
  });

  it('shows progress while the terminal is awaited and allows no second issue meanwhile', async () => {
    let answer!: (r: Response) => void;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const f = createDiagnosisFixture({ 'instructRecord/issue': () => pending });
    render(f.element);
    await pickVehicle('diag-vehicle', 'LDIAG', '粤B12345');
    fireEvent.click(screen.getByLabelText(/^车载终端心跳发送周期/));
    fireEvent.click(issueButton());
    expect(await screen.findByText(`正在等待 ${LABEL} 的终端应答…（0 秒）`)).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(issueButton()).toBeDisabled();
    fireEvent.click(issueButton());
    expect(f.posts('issue')).toHaveLength(1);

    const body = { code: 200, success: true, msg: '', data: record({ instructStatus: 5, responseTime: null, responseData: null, failReason: '等待终端应答超时' }) };
    await act(async () => answer(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(issueButton()).toBeEnabled();
    expect(f.messages).toContainEqual(['warning', `${LABEL}：等待终端应答超时`]);
  });

  it.each([
    [3, null, 'success', `${LABEL}：终端已应答`, '已应答'],
    [4, '错误 (0x02)', 'error', `${LABEL}：执行失败 错误 (0x02)`, '执行失败'],
    [5, '等待终端应答超时', 'warning', `${LABEL}：等待终端应答超时`, '超时'],
    [6, '终端不在线', 'warning', `${LABEL}：终端不在线`, '终端离线'],
  ])('renders the outcome of status %i as a toast and a coloured tag', async (status, failReason, severity, toast, tag) => {
    const f = createDiagnosisFixture({ 'instructRecord/issue': ok(record({ instructStatus: status, failReason })) });
    render(f.element);
    await pickVehicle('diag-vehicle', 'LDIAG', '粤B12345');
    fireEvent.click(screen.getByLabelText(/^车载终端心跳发送周期/));
    fireEvent.click(issueButton());
    await waitFor(() => expect(f.messages).toContainEqual([severity, toast]));
    const result = screen.getByRole('region', { name: '本次结果' });
    expect(within(result).getByText(tag).closest('.p-tag')).toHaveAttribute('data-status', String(status));
    if (failReason) expect(within(result).getByText(failReason)).toBeInTheDocument();
  });

  it("shows the gateway's 400 message and stays ready to issue again", async () => {
    const f = createDiagnosisFixture({ 'instructRecord/issue': { status: 400, body: { code: 400, success: false, msg: '指令内容无效: content.params [content.params]' } } });
    render(f.element);
    await pickVehicle('diag-vehicle', 'LDIAG', '粤B12345');
    fireEvent.click(screen.getByLabelText(/^车载终端心跳发送周期/));
    fireEvent.click(issueButton());
    await waitFor(() => expect(f.messages).toContainEqual(['error', '指令内容无效: content.params [content.params]']));
    expect(issueButton()).toBeEnabled();
  });
});
