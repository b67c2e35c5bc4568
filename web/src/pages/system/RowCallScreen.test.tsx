import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ossEnableRoute } from '@wdiov/contracts/api/oss.route';
import { smsEnableRoute } from '@wdiov/contracts/api/sms.route';
import { entities } from '@wdiov/contracts/entities/registry';
import { buttonSet } from '../../crud/buttons';
import { crudHarness, ok } from '../../crud/crud-fixture';
import { RowCallPage, seededRowCalls } from './RowCallScreen';

const ROWS = [{ id: '31', ossCode: 'oss-local-31', category: 1, endpoint: 'http://files', status: 1 }];

function renderOss(codes: Record<string, true>) {
  const h = crudHarness(1, {
    '/oss/page': ok({ records: ROWS, total: 1, size: 10, current: 1, pages: 1 }),
    '/oss/enable': ok({}),
  });
  const calls = seededRowCalls('oss', [{ button: 'enable', icon: 'pi pi-power-off' }]);
  render(h.wrap(<RowCallPage entity={entities.oss} buttons={buttonSet(codes, 'oss')} calls={calls} />));
  return h;
}

describe('row calls of a system screen', () => {
  it('enables a storage configuration by its id after confirmation, for a user holding the enable code', async () => {
    const h = renderOss({ oss_view: true, oss_enable: true });
    fireEvent.click(await screen.findByRole('button', { name: '启用' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.fake.requests.some((r) => r.url.includes('/wdiov-resource/oss/enable?id=31'))).toBe(true), { timeout: 10_000 });
  }, 20_000);

  it('shows no enable without its code', async () => {
    renderOss({ oss_view: true });
    await screen.findByText('oss-local-31');
    expect(screen.queryByRole('button', { name: '启用' })).toBeNull();
  });

  it('calls the enables of storage and SMS configurations through their declarations, the seeded path naming which', () => {
    expect(seededRowCalls('oss', [{ button: 'enable', icon: '' }])[0]?.route).toBe(ossEnableRoute);
    expect(seededRowCalls('sms', [{ button: 'enable', icon: '' }])[0]?.route).toBe(smsEnableRoute);
    expect(seededRowCalls('code', [{ button: 'copy', icon: '' }])[0]?.route).toBeUndefined();
  });
});
