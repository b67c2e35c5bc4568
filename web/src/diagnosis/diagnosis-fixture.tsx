import { expect } from 'vitest';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { ALL_GRANTS, DiagnosisServicesProvider, type DiagnosisGrants } from './diagnosis-services';
import { TestQueryProvider } from '../test-support/query';
import { RemoteDiagnosisPage } from './RemoteDiagnosisPage';

type Routes = Parameters<typeof createFakeFetch>[0];

export const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
export const page = (records: unknown[], total = records.length) => ok({ records, total, size: 10, current: 1, pages: 1 });

export const VEHICLE = { id: '9', vin: 'LDIAG000000000009', plateNumber: '粤B12345' };
export const VEHICLE_2 = { id: '10', vin: 'LDIAG000000000010', plateNumber: '粤B22222' };

/** An instructRecord row as the gateway answers it (detail shape, vehicle label under vehicleName). */
export const record = (over: Record<string, unknown> = {}) => ({
  id: '101', vehicleId: VEHICLE.id, vehicleName: VEHICLE.vin, instructType: 1, content: { ids: [1, 2] },
  issueTime: '2026-09-17 12:00:00', instructStatus: 3, responseTime: '2026-09-17 12:00:02',
  responseData: { params: { '1': 1000, '2': null } }, failReason: null, remark: null, ...over,
});

/** The remote diagnosis page over a fake gateway (test only); every button granted unless told. */
export function createDiagnosisFixture(routes: Routes = {}, grants: DiagnosisGrants = ALL_GRANTS) {
  const fake = createFakeFetch({ 'vehicle/page': page([VEHICLE, VEHICLE_2]), 'instructRecord/page': page([]), ...routes });
  const notes = createFakeNotifier();
  const http = createHttpClient({ fetch: fake.fetch, notifier: notes.notifier });
  const element = (
    <TestQueryProvider>
      <DiagnosisServicesProvider services={{ http, notifier: notes.notifier, grants }}>
        <RemoteDiagnosisPage />
        <ConfirmDialog />
      </DiagnosisServicesProvider>
    </TestQueryProvider>
  );
  const posts = (path: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.url.includes(path)).map((r) => JSON.parse(String(r.body)) as Record<string, unknown>);
  const gets = (path: string) => fake.requests.filter((r) => r.method === 'GET' && r.url.includes(path)).map((r) => new URL(r.url, 'http://x').searchParams);
  return { element, requests: fake.requests, messages: notes.messages, posts, gets };
}

/**
 * Types into a vehicle picker and chooses the suggestion showing `text`. jsdom cannot lay the
 * overlay out, so primereact leaves it display:none: options are found with `hidden`.
 */
export async function pickVehicle(inputId: string, query: string, text: string) {
  fireEvent.change(document.getElementById(inputId)!, { target: { value: query } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(text), hidden: true }, { timeout: 5000 }));
  await waitFor(() => expect(screen.queryByRole('option', { name: new RegExp(text), hidden: true })).toBeNull());
}

/** Opens a primereact Dropdown by its input id and chooses the option labelled `label`. */
export async function chooseOption(inputId: string, label: string | RegExp) {
  const input = document.getElementById(inputId);
  if (!input) throw new Error(`no dropdown ${inputId}`);
  fireEvent.click(input.closest('.p-dropdown')!);
  fireEvent.click(await screen.findByRole('option', { name: label, hidden: true }, { timeout: 5000 }));
}

/** Enters a number into a primereact InputNumber (it commits its value on blur). */
export function enterNumber(inputId: string, value: string) {
  const input = document.getElementById(inputId) as HTMLInputElement;
  input.value = value;
  fireEvent.blur(input);
}
