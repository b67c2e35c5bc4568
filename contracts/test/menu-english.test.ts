import { describe, expect, it } from 'vitest';
import { englishMenuNames, menuTree, STANDARD_BUTTONS, type MenuSeed } from '../src/menu/menu-tree.ts';
import { SCREEN_CALLS } from '../src/workflows/screen-calls.ts';

/** Every code the seed writes (gateway/src/seed/ensure-menus.ts): menus, their standard buttons, their extra buttons. */
function seededCodes(items: MenuSeed[]): string[] {
  return items.flatMap((m) => [
    m.code,
    ...(m.entity ? STANDARD_BUTTONS.filter(([b]) => !m.without?.includes(b)).map(([b]) => `${m.code}_${b}`) : []),
    ...(m.buttons ?? []).map(([b]) => `${m.code}_${b}`),
    ...seededCodes(m.children ?? []),
  ]);
}

describe('English names of the seeded menu', () => {
  const english = englishMenuNames();
  const codes = seededCodes(menuTree());

  it('names every seeded menu and button in English', () => {
    const missing = codes.filter((code) => !english[code]?.trim() || /\p{Script=Han}/u.test(english[code]!));
    expect(missing).toEqual([]);
  });

  it('seeds each code once, the screens’ own calls among them', () => {
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain('vehicle_model_ecus');
    expect(english.vehicle_model_ecus).toBe(SCREEN_CALLS.vehicleModel!.find((c) => c.button === 'ecus')!.label.en);
    expect(english.tenant_datasource).toBe('Data source');
  });
});

describe('the fence editor in the menu', () => {
  it('sits right after the fence list and declares what it reads', () => {
    const base = menuTree().find((m) => m.code === 'base')!;
    const at = base.children!.findIndex((m) => m.entity === 'electronicFence');
    expect(base.children![at + 1]).toMatchObject({ code: 'electronic_fence_draw', path: '/base/electronicFence/draw', reads: ['electronicFence', 'electronicFenceVehicle', 'vehicle'] });
  });
});
