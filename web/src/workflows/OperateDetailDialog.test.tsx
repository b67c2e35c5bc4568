import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { buttonSet } from '../crud/buttons';
import { crudHarness, ok } from '../crud/crud-fixture';
import { OperateDetailDialog } from './OperateDetailDialog';

const DETAIL = {
  base: { id: '50', vehicleId: '7', pmStatus: 1, storageId: '3', storageName: '一号库' },
  storage: [{ id: '60', vehicleId: '7', recordType: 1, storageId: '3', storageName: '一号库' }],
  movement: [],
  logistics: [
    { id: '70', vehicleId: '7', transferNo: 'ZY-1', transferStatus: 1, toStorageId: '3', toStorageName: '一号库' },
    // Departed: no longer edited.
    { id: '71', vehicleId: '7', transferNo: 'ZY-2', transferStatus: 2, toStorageId: '3', toStorageName: '一号库' },
  ],
};

function renderDetail(codes: Record<string, true>) {
  const h = crudHarness(1, {
    '/operateDetail/list': ok(DETAIL),
    '/operateDetail/updateLogistics': ok({}),
    '/logisticsRecord/transferRecord/detail': ok(DETAIL.logistics[0]),
  });
  render(h.wrap(<OperateDetailDialog vehicleId="7" vin="LWDIOV00000000007" buttons={buttonSet(codes, 'operate_record')} onClose={() => undefined} />));
  return h;
}

describe('the operate detail of a vehicle', () => {
  it('shows its stock row and records, and no edit to a user without the edit codes', async () => {
    renderDetail({ operate_record_view: true });
    const transfers = await screen.findByRole('region', { name: '转运记录' });
    expect(within(transfers).getByText('ZY-1')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '移库记录' })).toHaveTextContent('暂无记录');
    expect(screen.getByRole('region', { name: '车辆库存' })).toHaveTextContent('一号库');
    expect(document.querySelector('[data-action]')).toBeNull();
  });

  it('edits a transfer through the operate detail logistics call for a user holding its code', async () => {
    const h = renderDetail({ operate_record_view: true, operate_record_logistics: true });
    const transfers = await screen.findByRole('region', { name: '转运记录' });
    expect(document.querySelector('[data-action="base"]')).toBeNull();
    // Only the pending transfer offers its edit.
    expect(within(transfers).getAllByRole('button', { name: '修改转运信息' })).toHaveLength(1);
    fireEvent.click(within(transfers).getByRole('button', { name: '修改转运信息' }));
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    await waitFor(() => expect(h.fake.requests.some((r) => r.url.endsWith('/operateDetail/updateLogistics'))).toBe(true), { timeout: 10_000 });
    const sent = h.fake.requests.find((r) => r.url.endsWith('/operateDetail/updateLogistics'))!;
    expect(h.bodyOf(sent)).toMatchObject({ id: '70', transferNo: 'ZY-1' });
    expect(h.bodyOf(sent)).not.toHaveProperty('transferStatus');
  }, 20_000);
});
