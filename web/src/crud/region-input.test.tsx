import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { org } from '@wdiov/contracts/entities/vehteam/org';
import { vehicle } from '@wdiov/contracts/entities/base/vehicle';
import { electronicFence } from '@wdiov/contracts/entities/base/electronic-fence';
import type { RecordedRequest } from '../test-support/fake-fetch';
import { crudHarness, ok } from './crud-fixture';
import { CrudFormDialog } from './CrudFormDialog';
import { regionPath } from './RegionInput';

const REGIONS: Record<string, { code: string; name: string }[]> = {
  '': [{ code: '110000', name: '北京市' }, { code: '310000', name: '上海市' }],
  '310000': [{ code: '310100', name: '上海市' }],
  '310100': [{ code: '310104', name: '徐汇区' }, { code: '310115', name: '浦东新区' }],
};
const regionSelect = async (req: RecordedRequest) => {
  const code = new URL(req.url, 'http://x').searchParams.get('code') ?? '';
  const rows = (REGIONS[code] ?? []).map((r) => ({ ...r, id: r.code, parentCode: code || '00', hasChildren: r.code in REGIONS }));
  return new Response(JSON.stringify({ code: 200, success: true, data: rows, msg: '操作成功' }), { headers: { 'content-type': 'application/json' } });
};

/** Each level loads after the one above is chosen; a loaded machine takes its time. */
const SLOW = { timeout: 10_000 };

const pick = async (inputId: string, label: string) => {
  fireEvent.click(document.getElementById(inputId)!.closest('.p-dropdown')!);
  // The overlay is a portal on body, outside the accessibility tree jsdom computes for it.
  const option = await waitFor(() => {
    // The panel just opened is the last; the one of the level above may still be closing.
    const panel = [...document.querySelectorAll('.p-dropdown-panel')].at(-1);
    const found = panel?.querySelector<HTMLElement>(`[aria-label="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  }, SLOW);
  fireEvent.click(option);
};

describe('the region picker', () => {
  it('knows the province and city of a code', () => {
    expect(regionPath('310104')).toEqual(['310000', '310100', '310104']);
    expect(regionPath('310100')).toEqual(['310000', '310100']);
    expect(regionPath('310000')).toEqual(['310000']);
    expect(regionPath('310104001')).toEqual(['310000', '310100', '310104']);
    expect(regionPath('')).toEqual([]);
  });

  it('is the vehicle, organisation and fence forms’ region field', () => {
    for (const entity of [vehicle, org, electronicFence]) expect(entity.fields.regionCode?.region, entity.name).toBe(true);
  });

  it('picks province, city and district in the organisation form and sends the district code', { timeout: 30_000 }, async () => {
    const h = crudHarness(0, { '/region/select': regionSelect, '/org/submit': ok({}) });
    let saved = 0;
    render(h.wrap(<CrudFormDialog entity={org} mode="add" record={{}} dicts={{}} defaults={{ orgName: '上海分部' }} onClose={() => undefined} onSaved={() => (saved += 1)} />));
    await pick('crud-regionCode', '上海市');
    await waitFor(() => expect(document.getElementById('crud-regionCode-1')).not.toBeNull(), SLOW);
    await pick('crud-regionCode-1', '上海市');
    await waitFor(() => expect(document.getElementById('crud-regionCode-2')).not.toBeNull(), SLOW);
    await pick('crud-regionCode-2', '徐汇区');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(saved).toBe(1), SLOW);
    const submit = h.fake.requests.find((r) => r.url.includes('/org/submit'))!;
    expect(h.bodyOf(submit)).toMatchObject({ orgName: '上海分部', regionCode: '310104' });
  });

  it('shows a stored code as its province, city and district', { timeout: 30_000 }, async () => {
    const h = crudHarness(0, { '/region/select': regionSelect });
    render(h.wrap(<CrudFormDialog entity={org} mode="edit" record={{ id: '1', orgName: '上海分部', regionCode: '310104' }} dicts={{}} onClose={() => undefined} onSaved={() => undefined} />));
    await waitFor(() => expect(document.getElementById('crud-regionCode-2')).not.toBeNull(), SLOW);
    const shown = [...document.querySelectorAll('.wd-region-input .p-dropdown-label')].map((e) => e.textContent);
    expect(shown).toEqual(['上海市', '上海市', '徐汇区']);
  });
});
