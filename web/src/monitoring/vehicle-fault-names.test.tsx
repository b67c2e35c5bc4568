import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { setLanguage } from '../i18n/i18n';
import { createMonitoringFixture, page, renderAt } from './monitoring-fixture';
import VehicleFaultPage from './VehicleFaultPage';

afterEach(() => act(() => setLanguage('zh')));

const dm1 = { id: '1', vin: 'LVIN0001', category: 'other', faultCode: '0004A8', faultName: 'SPN 168 FMI 4', spn: 168, fmi: 4, faultLevel: 1, isHandle: 0, codeName: '' };
const named = { id: '2', vin: 'LVIN0001', category: 'uds', faultCode: 'U0073-04', faultName: '', faultLevel: 1, isHandle: 0, codeName: 'CAN总线关闭' };

describe('vehicle fault list', () => {
  it('shows categories and faults by name, and re-labels them on a switch of language', async () => {
    const f = createMonitoringFixture({ 'vehicleFaultData/page': page([dm1, named]) });
    render(renderAt(f.services, '/alarm/vehicleFault', '/alarm/vehicleFault', <VehicleFaultPage />));
    expect(await screen.findByText('蓄电池电压(12V): 电压低于正常值或对低电平短路')).toBeInTheDocument();
    expect(screen.getByText('其他故障')).toBeInTheDocument();
    expect(screen.getByText('CAN总线关闭')).toBeInTheDocument();
    expect(screen.queryByText('SPN 168 FMI 4')).toBeNull();
    act(() => setLanguage('en'));
    expect(await screen.findByText('Battery potential (12 V): voltage below normal, or shorted to low source')).toBeInTheDocument();
    expect(screen.getByText('Other fault')).toBeInTheDocument();
    expect(screen.getByText('UDS trouble code')).toBeInTheDocument();
  }, 20_000);
});
