import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { f } from '@wdiov/contracts/entity/fields';
import { crudHarness } from './crud-fixture';
import { RefInput } from './RefInput';
import { cellText } from './cell-format';

const VEHICLES = [
  { id: '1', vin: 'LWDEB5K6XSC431961', plateNumber: '粤B·DQ9645' },
  { id: '2', vin: 'LWDEV3D4XSC214210', plateNumber: '粤B·DD0842' },
];
const json = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { headers: { 'content-type': 'application/json' } });

describe('vehicle picker', () => {
  it('searches plates and VINs alike and shows the plate first', async () => {
    const h = crudHarness(25, {
      '/vehicle/list': async (req) => {
        const q = new URL(req.url, 'http://x').searchParams;
        const plate = q.get('plateNumber_like');
        const vin = q.get('vin_like');
        const records = VEHICLES.filter((v) => (!plate || v.plateNumber.includes(plate)) && (!vin || v.vin.includes(vin)));
        return json({ records, total: records.length, size: 20, current: 1, pages: 1 });
      },
    });
    const def = f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: true });
    render(h.wrap(<RefInput id="vehicle" def={def} value="" onChange={() => undefined} multiple={false} />));
    fireEvent.click(document.querySelector('.p-dropdown')!);
    expect(await screen.findByText('粤B·DQ9645 · LWDEB5K6XSC431961', {}, { timeout: 3_000 })).toBeInTheDocument();
    const filter = document.querySelector<HTMLInputElement>('.p-dropdown-filter')!;
    fireEvent.change(filter, { target: { value: 'DD0842' } });
    await waitFor(() => expect(h.fake.requests.some((r) => r.url.includes('plateNumber_like=DD0842'))).toBe(true), { timeout: 3_000 });
    expect(h.fake.requests.some((r) => r.url.includes('vin_like=DD0842'))).toBe(true);
    expect(await screen.findByText('粤B·DD0842 · LWDEV3D4XSC214210')).toBeInTheDocument();
    expect(screen.queryByText('粤B·DQ9645 · LWDEB5K6XSC431961')).toBeNull();
  }, 20_000);

  it('lists a vehicle by its plate with the VIN beside it', () => {
    const def = f.ref('车辆', 'Vehicle', 'vehicle', 'vin');
    expect(cellText('vehicleId', def, { vehicleId: '1', vehicleName: 'LWDEB5K6XSC431961', vehiclePlate: '粤B·DQ9645' }, {})).toBe('粤B·DQ9645 · LWDEB5K6XSC431961');
    expect(cellText('vehicleId', def, { vehicleId: '1', vehicleName: 'LWDEB5K6XSC431961', vehiclePlate: '' }, {})).toBe('LWDEB5K6XSC431961');
  });
});
