import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { electronicFence } from '@wdiov/contracts/entities/base/electronic-fence';
import { fenceGeometryProblem, fenceGeometryText } from '@wdiov/contracts/geo/fence-geometry';
import { setLanguage } from '../i18n/i18n';
import { crudHarness, ok } from './crud-fixture';
import { CrudFormDialog } from './CrudFormDialog';
import { fenceGeometryMessage } from './form-checks';
import { validateForm } from './form-model';

afterEach(() => setLanguage('zh'));

const CIRCLE = 1;
const POLYGON = 2;
const square = [[114, 22], [114.1, 22], [114.1, 22.1], [114, 22.1]];

describe('fence geometry against the fence type', () => {
  it('accepts a circle (centre, radius in metres > 0) and a polygon (3+ distinct points in range)', () => {
    expect(fenceGeometryMessage(CIRCLE, { center: [114.06, 22.54], radius: 500 })).toBeNull();
    expect(fenceGeometryMessage('1', { center: [-180, 90], radius: 0.5 })).toBeNull();
    expect(fenceGeometryMessage(POLYGON, { points: square })).toBeNull();
  });

  it.each([
    [CIRCLE, { points: square }, '圆形围栏应为 {"center":[经度,纬度],"radius":米数}'],
    [CIRCLE, [1, 2], '圆形围栏应为 {"center":[经度,纬度],"radius":米数}'],
    [CIRCLE, { center: [114], radius: 5 }, '圆心应为 [经度, 纬度]'],
    [CIRCLE, { center: ['114', 22], radius: 5 }, '圆心应为 [经度, 纬度]'],
    [CIRCLE, { center: [181, 22], radius: 5 }, '圆心的经度应在 -180 到 180 之间'],
    [CIRCLE, { center: [114, -90.5], radius: 5 }, '圆心的纬度应在 -90 到 90 之间'],
    [CIRCLE, { center: [114, 22], radius: 0 }, '半径应为大于 0 的米数'],
    [CIRCLE, { center: [114, 22], radius: '500' }, '半径应为大于 0 的米数'],
    [CIRCLE, { center: [114, 22], radius: 600_000 }, '半径不能超过 500 公里'],
    [POLYGON, { center: [114, 22], radius: 5 }, '多边形围栏应为 {"points":[[经度,纬度],…]}'],
    [POLYGON, { points: [[114, 22], [114.1, 22]] }, '多边形至少需要 3 个不同的顶点'],
    [POLYGON, { points: [[114, 22], [114.1, 22], [114, 22]] }, '多边形至少需要 3 个不同的顶点'],
    [POLYGON, { points: [[114, 22], [114.1, 22], [114.1, 95]] }, '第 3 个顶点的纬度应在 -90 到 90 之间'],
    [POLYGON, { points: [[-200, 22], [114.1, 22], [114.1, 23]] }, '第 1 个顶点的经度应在 -180 到 180 之间'],
    ['', { points: square }, '请先选择围栏类型'],
    [7, { points: square }, '未知的围栏类型'],
  ])('type %j, geometry %j: %s', (type, geometry, message) => {
    expect(fenceGeometryMessage(type, geometry)).toBe(message);
  });

  it("words the contracts' rule, the one the gateway answers with, in the console's language", () => {
    const geometry = { points: [[114, 22], [114.1, 95], [1, 1]] };
    const problem = fenceGeometryProblem(POLYGON, geometry)!;
    expect(fenceGeometryMessage(POLYGON, geometry)).toBe(fenceGeometryText(problem, 'zh'));
    setLanguage('en');
    expect(fenceGeometryMessage(POLYGON, geometry)).toBe(fenceGeometryText(problem, 'en'));
  });

  it('says it in English too', () => {
    setLanguage('en');
    expect(fenceGeometryMessage(CIRCLE, { center: [114, 22], radius: -1 })).toBe('The radius must be a number of metres greater than 0');
    expect(fenceGeometryMessage(POLYGON, { points: [[114, 22], [114.1, 200], [1, 1]] })).toBe('The latitude of point 2 must be between -90 and 90');
    expect(fenceGeometryMessage(CIRCLE, { points: square })).toBe('A circle fence is {"center":[lng,lat],"radius":metres}');
    expect(fenceGeometryMessage(undefined, { points: square })).toBe('Choose the fence type first');
  });

  it('is part of the form: a shape that does not match the chosen type is refused', () => {
    const values = { fenceName: '园区', fenceType: POLYGON, geometry: JSON.stringify({ center: [114, 22], radius: 300 }), alarmOn: 3 };
    expect(validateForm(electronicFence, 'add', values).geometry).toBe('多边形围栏应为 {"points":[[经度,纬度],…]}');
    expect(validateForm(electronicFence, 'add', { ...values, fenceType: CIRCLE }).geometry).toBeUndefined();
  });
});

describe('the generic electronicFence form', { timeout: 30_000 }, () => {
  const dicts = {
    fence_type: [{ dictKey: '1', dictValue: '圆形' }, { dictKey: '2', dictValue: '多边形' }],
    fence_alarm_on: [{ dictKey: '3', dictValue: '进出均报警' }],
  };

  it('shows the message on blur and sends nothing until the geometry fits the type', async () => {
    const h = crudHarness(0, { '/electronicFence/submit': ok({}) });
    let saved = 0;
    render(
      h.wrap(
        <CrudFormDialog
          entity={electronicFence}
          mode="add"
          record={{}}
          dicts={dicts}
          defaults={{ fenceName: '园区', fenceType: CIRCLE }}
          onClose={() => undefined}
          onSaved={() => (saved += 1)}
        />,
      ),
    );
    const geometry = document.getElementById('crud-geometry') as HTMLTextAreaElement;
    fireEvent.change(geometry, { target: { value: '{"points":[[114,22],[114.1,22],[114.1,22.1]]}' } });
    fireEvent.blur(geometry);
    expect(await screen.findByText('圆形围栏应为 {"center":[经度,纬度],"radius":米数}')).toBeInTheDocument();

    fireEvent.change(geometry, { target: { value: '{"center":[114.06,22.54],"radius":-5}' } });
    expect(await screen.findByText('半径应为大于 0 的米数')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(h.fake.requests.some((r) => r.url.includes('/electronicFence/submit'))).toBe(false);

    fireEvent.change(geometry, { target: { value: '{"center":[114.06,22.54],"radius":500}' } });
    await waitFor(() => expect(screen.queryByText('半径应为大于 0 的米数')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(saved).toBe(1));
    const submit = h.fake.requests.find((r) => r.url.includes('/electronicFence/submit'))!;
    expect(h.bodyOf(submit)).toMatchObject({ fenceType: CIRCLE, geometry: { center: [114.06, 22.54], radius: 500 } });
  });

  it('checks the geometry again when the fence type changes', async () => {
    const h = crudHarness(0);
    render(
      h.wrap(
        <CrudFormDialog entity={electronicFence} mode="add" record={{}} dicts={dicts} defaults={{ fenceType: CIRCLE }} onClose={() => undefined} onSaved={() => undefined} />,
      ),
    );
    const geometry = document.getElementById('crud-geometry') as HTMLTextAreaElement;
    fireEvent.change(geometry, { target: { value: '{"center":[114.06,22.54],"radius":500}' } });
    fireEvent.blur(geometry);
    const fenceType = document.getElementById('crud-fenceType')!.closest('.p-dropdown')!;
    fireEvent.click(fenceType);
    // The overlay is a portal on body, outside the accessibility tree jsdom computes for it.
    const option = await waitFor(() => document.querySelector<HTMLElement>('.p-dropdown-panel [aria-label="多边形"]')!);
    fireEvent.click(option);
    expect(await screen.findByText('多边形围栏应为 {"points":[[经度,纬度],…]}')).toBeInTheDocument();
  });
});
