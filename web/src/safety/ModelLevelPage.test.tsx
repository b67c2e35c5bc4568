import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createHttpClient } from '../api/http';
import { CrudServicesProvider } from '../crud/CrudServices';
import { setLanguage } from '../i18n/i18n';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { TestQueryProvider } from '../test-support/query';
import { ModelLevelView } from './ModelLevelPage';

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const row = (vehicleModelId: string, modelName: string, extra: Record<string, unknown> = {}) => ({
  vehicleModelId, modelName, inUse: 20, faultVehicles: 0, faultRatio: 0, dangerVehicles: 0, dangerRatio: 0, faultEscalated: false, dangerEscalated: false, ...extra,
});
const report = (records: unknown[], extra: Record<string, unknown> = {}) => ok({
  startDay: '2025-12-03', endDay: '2026-12-02', periodDays: 365, faultPercent: 5, dangerPercent: 10, inclusive: false, records, ...extra,
});

function open(routes: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(routes);
  const notifier = createFakeNotifier().notifier;
  const http = createHttpClient({ fetch: fake.fetch, notifier, baseUrl: '/api' });
  render(<TestQueryProvider><CrudServicesProvider services={{ http, notifier }}><ModelLevelView /></CrudServicesProvider></TestQueryProvider>);
  return fake.requests;
}
const calls = (requests: ReturnType<typeof open>) => requests.filter((r) => r.url.includes('safetyModelLevel/list')).map((r) => new URL(r.url, 'http://x').searchParams);
const cellsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('the model-level safety screen', () => {
  it('lists each model with its shares as percentages, the escalated ones tagged, in the order the gateway sorts', async () => {
    const requests = open({ 'safetyModelLevel/list': report([
      row('2', 'E-Van 6m', { inUse: 4, faultVehicles: 1, faultRatio: 0.25, faultEscalated: true }),
      row('1', 'E-Bus 12m', { faultVehicles: 1, faultRatio: 0.05, dangerVehicles: 3, dangerRatio: 0.15, dangerEscalated: true }),
      row('3', 'E-Truck', { inUse: 0 }),
    ]) });
    const table = await screen.findByRole('table', { name: '车型安全统计' });
    expect(cellsOf(table)).toEqual([
      ['E-Van 6m', '4', '1', '已超阈值25 %', '0', '0 %'],
      ['E-Bus 12m', '20', '1', '5 %', '3', '已超阈值15 %'],
      ['E-Truck', '0', '0', '0 %', '0', '0 %'],
    ]);
    expect(within(table).getAllByText('已超阈值')).toHaveLength(2);
    expect(screen.getByText('统计周期 2025-12-03 至 2026-12-02（365 天）')).toBeTruthy();
    expect(screen.getByText(/三级故障车辆占比超过 5%/)).toBeTruthy();
    expect(calls(requests)[0]!.get('periodDays')).toBe('365');
    expect(calls(requests)[0]!.has('endDay')).toBe(false);
  });

  it('asks for the period and end day picked, says when there is no model, and speaks English', async () => {
    setLanguage('en');
    const requests = open({ 'safetyModelLevel/list': report([], { inclusive: true }) });
    expect(await screen.findByText('No vehicle models yet')).toBeTruthy();
    expect(screen.getByText(/level-3 fault share is at or above 5%/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Period (days)'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('End day'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls(requests)).toHaveLength(2));
    expect([calls(requests)[1]!.get('periodDays'), calls(requests)[1]!.get('endDay')]).toEqual(['30', '2026-11-30']);
  });

  it('names the seeded demo model in English and a model users named as they wrote it', async () => {
    setLanguage('en');
    open({ 'safetyModelLevel/list': report([row('1', '演示纯电动物流车'), row('2', '城配车 6 米')]) });
    const table = await screen.findByRole('table', { name: 'Model-level safety' });
    expect(cellsOf(table).map((cells) => cells[0])).toEqual(['Demo electric delivery van', '城配车 6 米']);
  });

  it('shows the gateway\'s refusal with a retry', async () => {
    open({ 'safetyModelLevel/list': { status: 200, body: { code: 400, success: false, data: {}, msg: '统计天数不能大于3650 [periodDays]' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('统计天数不能大于3650');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
