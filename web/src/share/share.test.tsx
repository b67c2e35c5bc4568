import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { crudHarness, ok } from '../crud/crud-fixture';
import { createQueryClient } from '../shared/query-client';
import type { RecordedRequest } from '../test-support/fake-fetch';
import SharedVehiclePage from './SharedVehiclePage';
import { SHARED_POLL_MS, type SharedPosition, type VehicleShareLink } from './vehicle-share-api';
import { VehicleShareDialog } from './VehicleShareDialog';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

// No WebGL in jsdom: the map shows the position it was given.
vi.mock('./SharedVehicleMap', () => ({
  SharedVehicleMap: ({ position, label }: { position: SharedPosition; label: string }) => (
    <section aria-label={label} data-lng={position.lng} data-lat={position.lat} />
  ),
}));

afterEach(() => vi.useRealTimers());

const at = (lng: number, speedKmh: number): SharedPosition => ({
  vin: 'LSHARE00000000001', plateNumber: '京S00001', lng, lat: 39.9, speedKmh, heading: 0, state: 1, online: true, time: '2026-12-01 10:00:00', expiresAt: '2026-12-02 10:00:00',
});
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(path: string, fetcher: typeof fetch) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}><SharedVehiclePage fetcher={fetcher} /></MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the shared vehicle page', () => {
  it('shows the vehicle its link opens and follows its new positions', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const positions = [at(116.4, 42), at(116.41, 50)];
    const fetcher = vi.fn(async () => answer({ code: 200, success: true, msg: '', data: positions.length > 1 ? positions.shift() : positions[0] }));
    renderPage('/share/vehicle?share=a.b.c', fetcher as unknown as typeof fetch);
    expect(await screen.findByText('42 km/h')).toBeTruthy();
    expect(fetcher).toHaveBeenCalledWith('/api/wdiov-base/vehicleShare/position?share=a.b.c');
    expect(screen.getByRole('heading').textContent).toBe('车辆实时位置 · 京S00001');
    expect(screen.getByText('链接有效至 2026-12-02 10:00:00')).toBeTruthy();
    expect(screen.getByRole('region', { name: '京S00001 的位置' }).getAttribute('data-lng')).toBe('116.4');
    await act(async () => { await vi.advanceTimersByTimeAsync(SHARED_POLL_MS + 100); });
    expect(await screen.findByText('50 km/h')).toBeTruthy();
    expect(screen.getByRole('region', { name: '京S00001 的位置' }).getAttribute('data-lng')).toBe('116.41');
  });

  it('says why a refused link shows nothing, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetcher = vi.fn(async () => answer({ code: 401, success: false, msg: '分享链接无效、已过期或已撤销', data: {} }, 401));
    renderPage('/share/vehicle?share=gone', fetcher as unknown as typeof fetch);
    expect((await screen.findByRole('alert')).textContent).toBe('分享链接无效、已过期或已撤销');
    await act(async () => { await vi.advanceTimersByTimeAsync(3 * SHARED_POLL_MS); });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('a vehicle\'s share links dialog', () => {
  it('creates a link to copy, lists the vehicle\'s links and revokes one', async () => {
    let links: VehicleShareLink[] = [
      { id: '7', vehicleId: '42', vin: 'LSHARE00000000001', remark: '', createTime: '2026-12-01 09:00:00', expiresAt: '2026-12-01 10:00:00', revoked: false, active: false },
    ];
    const fresh = { id: '8', vehicleId: '42', vin: 'LSHARE00000000001', remark: '', createTime: '2026-12-01 11:00:00', expiresAt: '2026-12-08 11:00:00', revoked: false, active: true };
    const h = crudHarness(25, {
      '/vehicleShare/list': async () => answer({ code: 200, success: true, msg: '', data: links }),
      '/vehicleShare/create': async () => {
        links = [fresh, ...links];
        return answer({ code: 200, success: true, msg: '', data: { id: '8', path: '/share/vehicle?share=t.o.k', expiresAt: fresh.expiresAt } });
      },
      '/vehicleShare/revoke': async (r: RecordedRequest) => {
        links = links.map((l) => (r.url.includes(`id=${l.id}`) ? { ...l, revoked: true, active: false } : l));
        return answer(ok(true).body);
      },
    });
    render(<QueryClientProvider client={createQueryClient()}>{h.wrap(<VehicleShareDialog vehicleId="42" name="京S00001" onClose={() => undefined} />)}</QueryClientProvider>);
    expect(await screen.findByText('已过期')).toBeTruthy();
    expect(h.fake.requests[0]!.url).toContain('vehicleId=42');
    fireEvent.change(screen.getByRole('combobox', { name: '有效期' }), { target: { value: '168' } });
    fireEvent.click(screen.getByRole('button', { name: '生成链接' }));
    const url = await screen.findByRole('textbox', { name: '分享链接' });
    expect((url as HTMLInputElement).value).toBe(`${window.location.origin}/share/vehicle?share=t.o.k`);
    expect(JSON.parse(String(h.fake.requests.find((r) => r.url.includes('/create'))!.body))).toEqual({ vehicleId: '42', hours: 168 });
    fireEvent.click(await screen.findByRole('button', { name: '撤销' }));
    await waitFor(() => expect(screen.getAllByText('已撤销')).toHaveLength(1));
    expect(h.fake.requests.find((r) => r.url.includes('/revoke'))!.url).toContain('id=8');
    expect(h.notes.messages).toContainEqual(['success', '链接已撤销']);
  });
});
