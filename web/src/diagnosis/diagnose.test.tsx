import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createDiagnosisFixture, ok, page, pickVehicle, record, VEHICLE, VEHICLE_2 } from './diagnosis-fixture';

const diagnosed = (vehicle: { id: string; vin: string }, over: Record<string, unknown> = {}) =>
  record({
    id: `d${vehicle.id}`, vehicleId: vehicle.id, vehicleName: vehicle.vin, instructType: 4, content: { ids: [1, 2] },
    responseData: {
      params: { '1': 1000, '9': 30 },
      state: { online: true, speed: 42.5, soc: 80, time: '2026-09-17 11:59:58' },
      alarms: [{ alarmType: 'cellUnderVoltage', alarmName: '单体电压过低', alarmLevel: 2, startTime: '2026-09-17 11:00:00' }],
      faults: [],
    },
    ...over,
  });

const tab = () => fireEvent.click(screen.getByRole('tab', { name: '远程诊断' }));

describe('remote diagnosis screen: diagnosing vehicles', { timeout: 30_000 }, () => {
  it('diagnoses several vehicles and lists the result per vehicle', async () => {
    const f = createDiagnosisFixture({
      'instructRecord/detail': ok(diagnosed(VEHICLE)),
      issueDiagnose: ok([diagnosed(VEHICLE), diagnosed(VEHICLE_2, { instructStatus: 6, responseData: { params: null, state: null, alarms: [], faults: [] }, failReason: '终端不在线' })]),
    });
    render(f.element);
    tab();
    await pickVehicle('diag-vehicles', 'LDIAG', '粤B12345');
    await pickVehicle('diag-vehicles', 'LDIAG', '粤B22222');
    expect(screen.getByText('已选 2 / 200 辆')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '下发诊断' }));

    await waitFor(() => expect(f.posts('issueDiagnose')).toEqual([{ vehicleIds: ['9', '10'] }]));
    await waitFor(() => expect(f.messages).toContainEqual(['info', '诊断完成 2 辆：应答 1，失败 0，超时 0，离线 1']));
    const results = within(screen.getByRole('table', { name: '诊断结果' })).getAllByRole('row').slice(1);
    expect(results[0]).toHaveTextContent('LDIAG000000000009');
    expect(results[0]).toHaveTextContent('已应答');
    expect(results[0]).toHaveTextContent('参数 2 项，告警 1 条，故障 0 条');
    expect(results[1]).toHaveTextContent('终端离线');
    expect(results[1]).toHaveTextContent('终端不在线');

    // The per-vehicle detail shows the live state and the alarms with their field labels.
    fireEvent.click(within(results[0]).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('42.5 km/h')).toBeInTheDocument();
    expect(f.gets('instructRecord/detail')[0].get('id')).toBe('d9');
    expect(within(dialog).getByText('单体电压过低')).toBeInTheDocument();
    expect(within(dialog).getByText('告警名称')).toBeInTheDocument();
    expect(within(dialog).getByText('最近故障 (0)')).toBeInTheDocument();
  });

  it('sends large selections in small calls and shows how many vehicles are done', async () => {
    const fleet = Array.from({ length: 10 }, (_, i) => ({ id: String(100 + i), vin: `LFLEET00000000${String(100 + i)}`, plateNumber: `粤F${100 + i}` }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let call = 0;
    const f = createDiagnosisFixture({
      'vehicle/page': page(fleet),
      'instructRecord/page': page([]),
      issueDiagnose: async (req) => {
        const ids = (JSON.parse(String(req.body)) as { vehicleIds: string[] }).vehicleIds;
        if (call++ === 1) await gate;
        const rows = ids.map((id) => diagnosed({ id, vin: fleet.find((v) => v.id === id)!.vin }));
        return new Response(JSON.stringify({ code: 200, success: true, msg: '', data: rows }), { headers: { 'content-type': 'application/json' } });
      },
    });
    render(f.element);
    tab();
    fireEvent.change(document.getElementById('diag-vehicles')!, { target: { value: 'LFLEET' } });
    const addAll = await screen.findByRole('button', { name: '添加全部搜索结果（10）' }, { timeout: 5000 });
    fireEvent.click(addAll);
    fireEvent.click(screen.getByRole('button', { name: '下发诊断' }));

    expect(await screen.findByText(/正在诊断：8 \/ 10 辆已完成/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下发诊断' })).toBeDisabled();
    release();
    await waitFor(() => expect(f.messages).toContainEqual(['success', '诊断完成 10 辆：应答 10，失败 0，超时 0，离线 0']));
    expect(f.posts('issueDiagnose').map((b) => (b.vehicleIds as string[]).length)).toEqual([8, 2]);
    const records = within(screen.getByRole('region', { name: '指令记录' })).getAllByRole('row').slice(1);
    expect(records).toHaveLength(10);
    expect(records[0]).toHaveTextContent('LFLEET00000000100');
  });
});
