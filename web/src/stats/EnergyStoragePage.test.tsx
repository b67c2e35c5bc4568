import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, configure } from '@testing-library/react';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { EnergyStorageView } from './EnergyStoragePage';

// The suite runs beside other work on a shared machine: wait on the screen, not on a clock.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

describe('EnergyStorageView', () => {
  it('asks for a vehicle, then draws the cell analytics of its window', async () => {
    const fake = createFakeFetch({
      singleVoltageRank: ok({ frames: 3, cells: [{ rank: 1, packNo: 1, cellNo: 2, avgVoltage: 3.321, minVoltage: 3.32, maxVoltage: 3.322, deviationMv: 13, samples: 3 }] }),
      singleVoltageScatter: ok({ frames: 3, points: [{ packNo: 1, cellNo: 1, voltage: 3.301 }, { packNo: 1, cellNo: 2, voltage: 3.321 }] }),
      diffVoltageProbabi: ok({ frames: 3, buckets: [{ fromMv: 20, toMv: 30, count: 3, probability: 100 }] }),
      temperatureHop: ok({ frames: 3, hops: [{ ts: 1, previousTs: 0, packNo: 1, probeNo: 1, fromC: 25, toC: 33, deltaC: 8, time: '2026-11-25 10:00:20' }] }),
    });
    render(<EnergyStorageView http={createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier, baseUrl: '/api' })} />);
    expect(screen.getByText(/请输入车架号/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('车架号'), { target: { value: 'LVIN00000000000A1' } });
    fireEvent.change(screen.getByLabelText('开始时间'), { target: { value: '2026-11-25T08:00' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('2026-11-25 10:00:20')).toBeTruthy();
    expect(screen.getAllByTestId('cell-dot')).toHaveLength(2);
    expect(screen.getByText('20-30 mV')).toBeTruthy();
    expect(fake.requests[0]!.url).toContain('singleVoltageRank?vin=LVIN00000000000A1&startTime=2026-11-25+08%3A00%3A00');
    // The first render of the tables is slow on a loaded machine.
  }, 20_000);
});
