import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import FenceAccessPage from './FenceAccessPage';
import { createMonitoringFixture, ok, page, renderAt } from './monitoring-fixture';
import VehicleAlarmPage from './VehicleAlarmPage';
import VehicleFaultPage from './VehicleFaultPage';

const alarm = (id: string, over: Record<string, unknown> = {}) => ({
  id, vin: 'LVIN0001', plateNumber: '粤B1', alarmType: '3', alarmName: '温度差异报警', alarmLevel: 3,
  startTime: '2025-01-01 08:00:00', speed: -0.1, isHandle: 0, ...over,
});

describe('vehicle alarm list', () => {
  it("honours 'view now' (?vin=&alarmType=) and shows the espeed rules", async () => {
    const f = createMonitoringFixture({ 'vehicleAlarmData/page': page([alarm('1'), alarm('2', { speed: -0.2 })]) });
    render(renderAt(f.services, '/alarm/vehicleAlarm?vin=LVIN0001&alarmType=3', '/alarm/vehicleAlarm', <VehicleAlarmPage />));
    expect(await screen.findByText('无效')).toBeInTheDocument();
    expect(screen.getByText('异常')).toBeInTheDocument();
    const url = f.urls().find((u) => u.includes('vehicleAlarmData/page'))!;
    expect(url).toContain('vin=LVIN0001');
    expect(url).toContain('alarmType_equal=3');
    expect(url).toContain('current=1');
    expect(url).toContain('size=10');
    expect(screen.getByDisplayValue('LVIN0001')).toBeInTheDocument();
    expect(screen.getByDisplayValue('3')).toBeInTheDocument();
  });

  it('honours ?vin=&timeSlot=<start>,<end> (ms)', async () => {
    const f = createMonitoringFixture({ 'vehicleAlarmData/page': page([]) });
    render(renderAt(f.services, '/alarm/vehicleAlarm?vin=LVIN0002&timeSlot=1735689600000,1735693200000', '/alarm/vehicleAlarm', <VehicleAlarmPage />));
    await waitFor(() => expect(f.urls().some((u) => u.includes('timeSlot=1735689600000,1735693200000') && u.includes('vin=LVIN0002'))).toBe(true));
    expect(f.urls()[0]).not.toContain('alarmType_equal');
  });

  it('handles the selected alarms with a remark, then reloads', async () => {
    const f = createMonitoringFixture({ 'vehicleAlarmData/handle': ok(null), 'vehicleAlarmData/page': page([alarm('11'), alarm('12')]) });
    render(renderAt(f.services, '/alarm/vehicleAlarm?vin=LVIN0001', '/alarm/vehicleAlarm', <VehicleAlarmPage />));
    await screen.findAllByText('温度差异报警');
    const firstRow = screen.getAllByRole('row')[1];
    fireEvent.click(within(firstRow).getByLabelText('选中此行 11', { selector: 'input' }));
    fireEvent.click(screen.getByRole('button', { name: '处理' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /处理意见/ }), { target: { value: '已联系司机' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(f.requests.some((r) => r.url.includes('vehicleAlarmData/handle'))).toBe(true));
    const handle = f.requests.find((r) => r.url.includes('vehicleAlarmData/handle'))!;
    expect(handle.method).toBe('POST');
    expect(JSON.parse(String(handle.body))).toEqual({ ids: '11', handleRemark: '已联系司机' });
    await waitFor(() => expect(f.messages).toContainEqual(['success', '已处理 1 条']));
    expect(f.urls().filter((u) => u.includes('vehicleAlarmData/page')).length).toBeGreaterThanOrEqual(2);
  });

  it('unified handling handles every open alarm of the filter', async () => {
    const f = createMonitoringFixture({ 'vehicleAlarmData/handle': ok(null), 'vehicleAlarmData/page': page([alarm('21'), alarm('22'), alarm('23')]) });
    render(renderAt(f.services, '/alarm/vehicleAlarm?vin=LVIN0001&alarmType=3', '/alarm/vehicleAlarm', <VehicleAlarmPage />));
    await screen.findAllByText('温度差异报警');
    fireEvent.click(screen.getByRole('button', { name: '统一处理' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /处理意见/ }), { target: { value: '批量核实' } });
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    await waitFor(() => expect(f.requests.some((r) => r.url.includes('vehicleAlarmData/handle'))).toBe(true));
    const open = f.urls().find((u) => u.includes('isHandle_equal=0'))!;
    expect(open).toContain('alarmType_equal=3');
    expect(open).toContain('size=500');
    const handle = f.requests.find((r) => r.url.includes('vehicleAlarmData/handle'))!;
    expect(JSON.parse(String(handle.body)).ids).toBe('21,22,23');
  });
});

describe('alarm handling remarks and counts', () => {
  it('requires the remark: an empty or blank one is refused on the form and nothing is sent', async () => {
    const f = createMonitoringFixture({ 'vehicleAlarmData/handle': ok(null), 'vehicleAlarmData/page': page([alarm('31')]) });
    render(renderAt(f.services, '/alarm/vehicleAlarm', '/alarm/vehicleAlarm', <VehicleAlarmPage />));
    await screen.findAllByText('温度差异报警');
    fireEvent.click(within(screen.getAllByRole('row')[1]!).getByLabelText('选中此行 31', { selector: 'input' }));
    fireEvent.click(screen.getByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('将处理 1 条记录');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('请输入处理意见');
    const remark = within(dialog).getByRole('textbox', { name: /处理意见/ });
    expect(remark).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(remark, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请输入处理意见');
    fireEvent.change(remark, { target: { value: '已核实' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(f.requests.some((r) => r.url.includes('vehicleAlarmData/handle'))).toBe(false);
  });

  it('handling all open says how many it will handle and asks first, then says how many it handled', async () => {
    const f = createMonitoringFixture({
      'vehicleAlarmData/handle': ok(null),
      'vehicleAlarmData/page': page([alarm('41'), alarm('42'), alarm('43', { isHandle: 1, handleRemark: '已通知司机' })]),
    });
    render(renderAt(f.services, '/alarm/vehicleAlarm', '/alarm/vehicleAlarm', <VehicleAlarmPage />));
    // The remark is a column of the list.
    expect(await screen.findByRole('columnheader', { name: '处理意见' })).toBeInTheDocument();
    expect(await screen.findByText('已通知司机')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '统一处理' }));
    // The fixture answers the open query with all three rows: the count is what the gateway said is open.
    const confirm = await screen.findByRole('dialog', { name: '统一处理' });
    expect(confirm).toHaveTextContent('将统一处理当前条件下的 3 条未处理记录, 是否继续?');
    expect(f.requests.some((r) => r.url.includes('vehicleAlarmData/handle'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    const dialog = await screen.findByRole('dialog', { name: '统一处理 3 条' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /处理意见/ }), { target: { value: '统一核实' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(f.messages).toContainEqual(['success', '已处理 3 条']));
    const handle = f.requests.find((r) => r.url.includes('vehicleAlarmData/handle'))!;
    expect(JSON.parse(String(handle.body))).toEqual({ ids: '41,42,43', handleRemark: '统一核实' });
  }, 20_000);

  it('handling all open with none open says so and asks nothing', async () => {
    const f = createMonitoringFixture({ 'vehicleAlarmData/page': page([]) });
    render(renderAt(f.services, '/alarm/vehicleAlarm', '/alarm/vehicleAlarm', <VehicleAlarmPage />));
    await waitFor(() => expect(f.urls().some((u) => u.includes('vehicleAlarmData/page'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '统一处理' }));
    await waitFor(() => expect(f.messages).toContainEqual(['info', '当前条件下没有未处理的记录']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('fault and fence record lists', () => {
  it('faults filter by vin and fault code', async () => {
    const f = createMonitoringFixture({ 'vehicleFaultData/page': page([{ id: '1', vin: 'LVIN0001', faultCode: 'P0A80', faultName: '电池老化', faultLevel: 2, isHandle: 1 }]) });
    render(renderAt(f.services, '/alarm/vehicleFault?vin=LVIN0001&faultCode=P0A80', '/alarm/vehicleFault', <VehicleFaultPage />));
    expect(await screen.findByText('电池老化')).toBeInTheDocument();
    expect(screen.getByText('是')).toBeInTheDocument();
    const url = f.urls().find((u) => u.includes('vehicleFaultData/page'))!;
    expect(url).toContain('vin=LVIN0001');
    expect(url).toContain('faultCode_equal=P0A80');
  });

  it('fence records filter by vin and time slot and name the access type', async () => {
    const f = createMonitoringFixture({ 'fenceAccessRecord/page': page([{ id: '1', vin: 'LVIN0001', fenceName: '园区', accessType: 1, accessTime: '2025-01-01 08:00:00' }]) });
    render(renderAt(f.services, '/fenceAccessRecord/index?vin=LVIN0001&timeSlot=1,2', '/fenceAccessRecord/index', <FenceAccessPage />));
    expect(await screen.findByText('进入')).toBeInTheDocument();
    const url = f.urls().find((u) => u.includes('fenceAccessRecord/page'))!;
    expect(url).toContain('vin=LVIN0001');
    expect(url).toContain('timeSlot=1,2');
    expect(screen.queryByRole('button', { name: '处理' })).toBeNull();
  });
});
