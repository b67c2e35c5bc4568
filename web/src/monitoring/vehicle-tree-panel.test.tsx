import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LiveStore } from '../live-store/live-store';
import { loadShellStyles } from '../test-support/shell-styles';
import { createMonitoringFixture, ok, renderAt } from './monitoring-fixture';
import { vehicleTooltip, VehicleTreePanel } from './VehicleTreePanel';

const tree = [
  { id: '1', title: '演示车队', children: [
    { id: '10', title: '粤B·D67848', vin: 'LWDEB5K67SC099512', plateNumber: '粤B·D67848', state: 4 },
    { id: '11', title: 'LWDEB5K69PC317263', vin: 'LWDEB5K69PC317263', state: 4 },
  ] },
];

describe('vehicle tree panel', () => {
  it('keeps each vehicle on one line, cut with an ellipsis, with the full plate and VIN as its tooltip', async () => {
    loadShellStyles({ also: ['monitoring/monitoring.css'] });
    const f = createMonitoringFixture({ getVehTree: ok(tree) });
    render(renderAt(f.services, '/monitoring/map', '/monitoring/map', <VehicleTreePanel store={new LiveStore(8)} onSelect={() => undefined} />));
    const plate = await screen.findByText('粤B·D67848');
    const row = plate.closest('.wd-tree-vehicle')!;
    // jsdom has no layout (nor inheritance of white-space): the declared sizing keeps the row to one line.
    expect(getComputedStyle(row).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(row).minWidth).toBe('0px');
    for (const part of [plate, row.querySelector('small')!]) {
      const style = getComputedStyle(part);
      expect(style.overflow, part.textContent!).toBe('hidden');
      expect(style.textOverflow, part.textContent!).toBe('ellipsis');
    }
    // The VIN gives way first; the plate keeps its width, at most the row's.
    expect(getComputedStyle(row.querySelector('small')!).minWidth).toBe('0px');
    expect(getComputedStyle(plate).flexShrink).toBe('0');
    expect(getComputedStyle(plate).maxWidth).toMatch(/100%/);
    // A flex item of the tree's row that shrinks to the panel instead of growing past it.
    expect(row.parentElement).toHaveClass('p-treenode-content');
    expect(getComputedStyle(row).flexGrow).toBe('1');
    expect(getComputedStyle(row).overflow).toBe('hidden');

    expect(row).toHaveAttribute('title', '粤B·D67848 · LWDEB5K67SC099512');
    expect(screen.getByText('LWDEB5K69PC317263').closest('.wd-tree-vehicle')).toHaveAttribute('title', 'LWDEB5K69PC317263');
    expect(row.querySelector('i')).toHaveAttribute('aria-hidden', 'true');
  });

  it('tooltips: plate and VIN, or the VIN alone', () => {
    expect(vehicleTooltip({ plate: '粤B1', vin: 'LVIN1' })).toBe('粤B1 · LVIN1');
    expect(vehicleTooltip({ plate: '', vin: 'LVIN1' })).toBe('LVIN1');
  });
});
