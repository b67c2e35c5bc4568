import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { entities } from '@wdiov/contracts/entities/registry';
import { buttonSet } from '../crud/buttons';
import { crudHarness, ok } from '../crud/crud-fixture';
import { VehicleModelScreen } from './VehicleModelPage';

const MODELS = [{ id: '71', modelName: 'E-Bus 12', modelCode: 'EB12', rangeKm: 300 }];
const ECUS = [
  { id: '81', ecuName: 'BMS', ecuCode: 'BMS01' },
  { id: '82', ecuName: 'VCU', ecuCode: 'VCU01' },
  { id: '83', ecuName: 'MCU', ecuCode: 'MCU01' },
];

function renderModels(codes: Record<string, true>) {
  const h = crudHarness(1, {
    '/vehicleModel/page': ok({ records: MODELS, total: 1, size: 10, current: 1, pages: 1 }),
    '/vehicleModel/modelEcuList': ok([ECUS[1]]),
    '/ecuManage/page': ok({ records: ECUS, total: 3, size: 500, current: 1, pages: 1 }),
    '/vehicleModel/saveEcu': ok({}),
  });
  render(h.wrap(<VehicleModelScreen entity={entities.vehicleModel} buttons={buttonSet(codes, 'vehicle_model')} />));
  return h;
}

describe('the vehicle model ECU assignment', () => {
  it('starts from the model’s ECUs and saves the picked ones in the order picked', async () => {
    const h = renderModels({ vehicle_model_view: true, vehicle_model_ecus: true });
    fireEvent.click(await screen.findByRole('button', { name: 'ECU配置' }, { timeout: 20_000 }));
    const vcu = await screen.findByLabelText(/VCU/);
    expect(vcu).toBeChecked();
    fireEvent.click(screen.getByLabelText(/MCU/));
    fireEvent.click(screen.getByLabelText(/BMS/));
    fireEvent.click(document.querySelector('[data-action="dialog-save"]')!);
    await waitFor(() => expect(h.fake.requests.some((r) => r.url.includes('/vehicleModel/saveEcu'))).toBe(true), { timeout: 10_000 });
    const saved = h.bodyOf(h.fake.requests.find((r) => r.url.includes('/vehicleModel/saveEcu'))!);
    expect(saved).toEqual({ vehicleModelId: '71', ecuIds: ['82', '83', '81'] });
  }, 30_000);

  it('offers no ECU assignment without its code', async () => {
    renderModels({ vehicle_model_view: true });
    await screen.findByText('E-Bus 12', {}, { timeout: 20_000 });
    expect(document.querySelector('[data-action="ecus"]')).toBeNull();
  });
});
