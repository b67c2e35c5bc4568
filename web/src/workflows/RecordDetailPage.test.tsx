import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { entities } from '@wdiov/contracts/entities/registry';
import { crudHarness, ok } from '../crud/crud-fixture';
import { RecordDetail } from './RecordDetailPage';

function renderAt(entity: (typeof entities)[keyof typeof entities], search: string, routes: Record<string, unknown>) {
  const h = crudHarness(1, routes as never);
  render(<MemoryRouter initialEntries={[`/x${search}`]}>{h.wrap(<RecordDetail entity={entity} />)}</MemoryRouter>);
  return h;
}

describe('record detail page', () => {
  it('shows a repair record’s fields, references by their labels, with its cost', async () => {
    const h = renderAt(entities.repairRecord, '?id=7', {
      '/repairRecord/detail': ok({ id: '7', vehicleId: '3', vehicleName: 'LWDIOV00000000007', faultDescription: '刹车异响', cost: '860.50' }),
    });
    expect(await screen.findByText('刹车异响')).toBeInTheDocument();
    expect(screen.getByText('LWDIOV00000000007')).toBeInTheDocument();
    expect(screen.getByText('860.50')).toBeInTheDocument();
    expect(new URL(h.fake.requests.find((r) => r.url.includes('/repairRecord/detail'))!.url, 'http://x').searchParams.get('id')).toBe('7');
  });

  it('says so when no record is named', async () => {
    renderAt(entities.maintainRecord, '', {});
    expect(await screen.findByText('未找到该记录')).toBeInTheDocument();
  });

  it('shows the trail of a record that moves through a workflow', async () => {
    renderAt(entities.bill, '?id=8', {
      '/bill/detail': ok({ id: '8', billNo: 'ZD-1', billStatus: 2 }),
      '/bill/trail': ok([{ id: '1', action: 'approve', fromState: 1, toState: 2, remark: '票据齐全', userId: '1', userName: 'admin', createTime: '2026-11-26 10:00:00' }]),
    });
    expect(await screen.findByText('票据齐全')).toBeInTheDocument();
    expect(screen.getByText('待审核 → 审核通过')).toBeInTheDocument();
  });
});
