import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { billWorkflow, stockWorkflow } from '@wdiov/contracts/workflows/index';
import { buttonSet } from '../crud/buttons';
import { crudHarness, ok } from '../crud/crud-fixture';
import { WorkflowActions } from './WorkflowActions';

/** The row's workflow buttons as a user with the given button codes sees them. */
function renderActions(workflow: typeof billWorkflow | typeof stockWorkflow, row: Record<string, unknown>, codes: Record<string, true>, screenCode: string) {
  const h = crudHarness(1, { [`${workflow.entity.basePath}/`]: ok({}) });
  render(h.wrap(<WorkflowActions workflow={workflow as never} row={row} buttons={buttonSet(codes, screenCode)} onDone={() => undefined} />));
  return h;
}

describe('workflow buttons in the console', () => {
  it('hides audit from a user without the audit code (the seeded operator)', () => {
    renderActions(billWorkflow, { id: '1', billStatus: 1 }, { bill_view: true, bill_add: true, bill_edit: true }, 'bill');
    expect(screen.queryByRole('button', { name: '审核通过' })).toBeNull();
    expect(screen.queryByRole('button', { name: '驳回' })).toBeNull();
  });

  it('shows audit to a user holding its code', () => {
    renderActions(billWorkflow, { id: '1', billStatus: 1 }, { bill_view: true, bill_audit: true }, 'bill');
    expect(screen.getByRole('button', { name: '审核通过' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '驳回' })).toBeInTheDocument();
  });

  it('sells a stocked vehicle through the sales call after confirmation', async () => {
    const h = renderActions(stockWorkflow, { id: '5', pmStatus: 1 }, { vehicle_pm_sales: true }, 'vehicle_pm');
    expect(screen.queryByRole('button', { name: '入库' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '销售' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.fake.requests.some((r) => r.url.endsWith('/vehiclePm/updateAakSales'))).toBe(true));
    const sent = h.fake.requests.find((r) => r.url.endsWith('/vehiclePm/updateAakSales'))!;
    expect(h.bodyOf(sent)).toEqual({ id: '5', pmStatus: 3 });
  });
});
