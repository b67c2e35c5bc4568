import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { entities } from '@wdiov/contracts/entities/registry';
import { buttonSet } from '../crud/buttons';
import { crudHarness, ok } from '../crud/crud-fixture';
import { ElectronicFenceScreen } from './ElectronicFencePage';

function Where() {
  const at = useLocation();
  return <p data-testid="where">{at.pathname + at.search}</p>;
}

function renderFences(codes: Record<string, true>) {
  const h = crudHarness(1, { '/electronicFence/page': ok({ records: [{ id: '61', fenceName: '园区围栏', fenceType: 1 }], total: 1 }) });
  render(h.wrap(
    <MemoryRouter initialEntries={['/base/electronicFence']}>
      <Routes>
        <Route path="/base/electronicFence" element={<ElectronicFenceScreen entity={entities.electronicFence} buttons={buttonSet(codes, 'electronic_fence')} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  ));
}

describe('the fence list', { timeout: 40_000 }, () => {
  it('opens the map editor on a fence to redraw it', async () => {
    renderFences({ electronic_fence_add: true, electronic_fence_edit: true });
    await screen.findByText('园区围栏', {}, { timeout: 20_000 });
    expect(document.querySelector('[data-action="draw-new"]')).not.toBeNull();
    fireEvent.click(document.querySelector('[data-action="draw"]')!);
    expect(await screen.findByTestId('where')).toHaveTextContent('/base/electronicFence/draw?id=61');
  });

  it('offers no drawing without add or edit', async () => {
    renderFences({ electronic_fence_view: true });
    await screen.findByText('园区围栏', {}, { timeout: 20_000 });
    expect(document.querySelector('[data-action="draw"], [data-action="draw-new"]')).toBeNull();
  });
});
