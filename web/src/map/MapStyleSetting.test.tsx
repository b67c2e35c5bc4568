import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { basemapChoice, setMapPreset, setMapStyleUrl, userPreset } from './map-settings';
import { MapStyleSetting } from './MapStyleSetting';

afterEach(() => {
  setMapStyleUrl('');
  setMapPreset('');
});

/** Opens the setting, picks `label` in the preset list (jsdom runs no transitions: the panel stays display:none, hence `hidden`). */
async function pick(label: string) {
  fireEvent.click(screen.getByRole('button', { name: '底图设置' }));
  fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('.wd-map-style-presets')!));
  const option = await waitFor(() => document.querySelector<HTMLElement>(`.p-dropdown-panel [aria-label="${label}"]`)!);
  fireEvent.click(option);
}

describe('the basemap setting', () => {
  it("offers the administrator's default and every preset in the console's language, and keeps the user's choice", async () => {
    const onChanged = vi.fn();
    render(<MapStyleSetting onChanged={onChanged} />);
    await pick('高德地图 · 卫星');
    const labels = [...document.querySelectorAll('.p-dropdown-panel li')].map((li) => li.getAttribute('aria-label'));
    expect(labels).toEqual(['默认（管理员设置）', '内置轮廓图（离线）', '高德地图 · 道路', '高德地图 · 卫星', '天地图 · 矢量', '天地图 · 影像', 'OpenStreetMap', '自定义样式地址']);
    fireEvent.click(screen.getByRole('button', { name: '保存', hidden: true }));
    expect(userPreset()).toBe('amap-satellite');
    expect(basemapChoice()).toMatchObject({ preset: 'amap-satellite', datum: 'gcj02' });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('asks for a style URL only for a custom style, and saves it with its datum', async () => {
    render(<MapStyleSetting onChanged={() => undefined} />);
    await pick('自定义样式地址');
    const save = screen.getByRole('button', { name: '保存', hidden: true });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByPlaceholderText('https://…/style.json'), { target: { value: ' https://tiles.example.cn/style.json ' } });
    fireEvent.click(screen.getByRole('checkbox', { hidden: true }));
    fireEvent.click(save);
    expect(basemapChoice()).toEqual({ preset: 'custom', url: 'https://tiles.example.cn/style.json', datum: 'gcj02' });
  });

  it("the default returns to the administrator's preset", async () => {
    setMapPreset('osm');
    render(<MapStyleSetting onChanged={() => undefined} />);
    await pick('默认（管理员设置）');
    fireEvent.click(screen.getByRole('button', { name: '保存', hidden: true }));
    expect(userPreset()).toBe('');
  });
});
