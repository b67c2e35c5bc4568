import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { entities } from '@wdiov/contracts/entities/registry';
import { ALL_BUTTONS } from '../../crud/buttons';
import { setLanguage } from '../../i18n/i18n';
import { crudHarness, ok } from '../../crud/crud-fixture';
import { CodeScreen } from './CodePage';
import { ModelScreen } from './ModelPage';
import { TenantScreen } from './TenantPage';
import { UserScreen } from './UserPage';

const page = (records: unknown[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const TENANTS = [
  { id: '1', tenantId: '100001', tenantName: '甲公司', accountNumber: 20, packageId: '9', datasourceId: '5' },
  { id: '2', tenantId: '100002', tenantName: '乙公司' },
  { id: '3', tenantId: '000000', tenantName: '管理组' },
];
const ROUTES = {
  '/tenant/page': page(TENANTS),
  '/tenant/setting': ok({}),
  '/tenant/datasource': ok({}),
  '/tenant/package-setting': ok({}),
  '/tenant-package/detail': ok({ id: '9', packageName: '基础包', menuId: '11,12,13' }),
  '/tenant-package/list': page([{ id: '9', packageName: '基础包' }]),
  '/datasource/list': page([{ id: '5', name: '主库' }]),
  '/code/page': page([{ id: '31', codeName: '演示车辆', modelId: '41' }]),
  '/code/gen-code': ok([{ codeName: '演示车辆', fileName: 'demo-car.ts', content: 'export const demoCar = 1;', registryLine: 'import', registryEntry: 'demoCar', warnings: [] }]),
  '/model/page': page([{ id: '41', modelName: '演示车辆', modelCode: 'demoCar', modelTable: 'wdiov_demo_car' }]),
  '/model/model-prototype': ok([
    { id: 'p1', jdbcName: 'car_name', propertyName: 'carName', propertyType: 'text', comment: '名称', isList: 1 },
    { id: 'p2', jdbcName: 'plate_no', propertyName: 'plateNo', propertyType: 'text', comment: '车牌', isList: 1 },
  ]),
  '/model/table-list': ok([{ name: 'wdiov_demo_car', comment: '演示车' }]),
  '/model-prototype/submit-list': ok({}),
  '/model/submit': ok({}),
  '/wdiov-user/page': page([{ id: '7', account: 'ops', realName: '张三', userType: 1 }]),
  '/wdiov-user/platform-detail': ok({ id: '7', userExt: '{"a":1}' }),
  '/wdiov-user/update-platform': ok({}),
  '/dept/tree': ok([]),
};

type H = ReturnType<typeof crudHarness>;
const dialog = () => screen.findByRole('dialog');
const save = async () => fireEvent.click(within(await dialog()).getByRole('button', { name: /保存|全部下载/ }));
const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 20_000 })).closest('tr')!;
const posted = async (h: H, part: string) => {
  await waitFor(() => expect(h.fake.requests.some((r) => r.url.includes(part))).toBe(true), { timeout: 10_000 });
  return h.fake.requests.find((r) => r.url.includes(part))!;
};
const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

/** Each dialog: opened from its screen, refusing what its form refuses with a message, then saving. */
const CASES: [name: string, screen: () => ReactElement, walk: (h: H) => Promise<void>][] = [
  ['tenant setting: needs a quota or an expiry; one tenant starts from its own', () => <TenantScreen entity={entities.tenant} buttons={ALL_BUTTONS} />, async (h) => {
    fireEvent.click((await rowOf('乙公司')).querySelector('input[type=checkbox]')!);
    fireEvent.click(screen.getByRole('button', { name: '授权配置' }));
    await save();
    expect(await within(await dialog()).findByText('请至少填写账号额度或过期时间')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click((await rowOf('乙公司')).querySelector('input[type=checkbox]')!);
    fireEvent.click((await rowOf('甲公司')).querySelector('input[type=checkbox]')!);
    fireEvent.click(screen.getByRole('button', { name: '授权配置' }));
    await save();
    expect(paramsOf((await posted(h, '/tenant/setting')).url)).toEqual({ ids: '1', accountNumber: '20' });
  }],
  ['tenant data source: required; saved by tenant id', () => <TenantScreen entity={entities.tenant} buttons={ALL_BUTTONS} />, async (h) => {
    fireEvent.click(within(await rowOf('乙公司')).getByRole('button', { name: '数据源配置' }));
    await save();
    expect(await within(await dialog()).findByText('请选择数据源')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(await rowOf('甲公司')).getByRole('button', { name: '数据源配置' }));
    await save();
    expect(paramsOf((await posted(h, '/tenant/datasource')).url)).toEqual({ tenantId: '100001', datasourceId: '5' });
  }],
  ['tenant package: shows the menus of the package, saves it', () => <TenantScreen entity={entities.tenant} buttons={ALL_BUTTONS} />, async (h) => {
    fireEvent.click(within(await rowOf('甲公司')).getByRole('button', { name: '产品包配置' }));
    expect(await within(await dialog()).findByText('该产品包包含 3 个菜单')).toBeInTheDocument();
    await save();
    expect(paramsOf((await posted(h, '/tenant/package-setting')).url)).toEqual({ tenantId: '100001', packageId: '9' });
  }],
  ['code generation: lists the generated files and downloads them', () => <CodeScreen entity={entities.code} buttons={ALL_BUTTONS} />, async (h) => {
    fireEvent.click((await rowOf('演示车辆')).querySelector('input[type=checkbox]')!);
    fireEvent.click(screen.getByRole('button', { name: '代码生成' }));
    expect(await within(await dialog()).findByText('demo-car.ts')).toBeInTheDocument();
    expect(paramsOf((await posted(h, '/code/gen-code')).url)).toMatchObject({ ids: '31' });
    await save();
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
  }],
  ['model design: refuses a property named twice, saves the list', () => <ModelScreen entity={entities.model} buttons={ALL_BUTTONS} />, async (h) => {
    fireEvent.click(within(await rowOf('wdiov_demo_car')).getByRole('button', { name: '模型设计' }));
    const property = await within(await dialog()).findByLabelText('plate_no 实体字段');
    fireEvent.change(property, { target: { value: 'carName' } });
    await save();
    expect(await within(await dialog()).findByText('实体字段重复: carName')).toBeInTheDocument();
    fireEvent.change(property, { target: { value: 'plateNumber' } });
    await save();
    const body = JSON.parse(String((await posted(h, '/model-prototype/submit-list')).body)) as Record<string, unknown>[];
    expect(body.map((r) => [r.modelId, r.jdbcName, r.propertyName, r.id])).toEqual([['41', 'car_name', 'carName', undefined], ['41', 'plate_no', 'plateNumber', undefined]]);
  }],
  ['table import: the model’s name, code and table are required and checked', () => <ModelScreen entity={entities.model} buttons={ALL_BUTTONS} />, async (h) => {
    fireEvent.click(await screen.findByRole('button', { name: '导入表结构' }));
    await within(await dialog()).findByText('物理表');
    await save();
    expect(await within(await dialog()).findByText('请输入模型名称')).toBeInTheDocument();
    const d = await dialog();
    fireEvent.change(within(d).getByLabelText(/物理表名/), { target: { value: 'wdiov_demo_car' } });
    fireEvent.change(within(d).getByLabelText(/模型名称/), { target: { value: '演示车' } });
    fireEvent.change(within(d).getByLabelText(/模型编号/), { target: { value: 'Demo-Car' } });
    await save();
    expect(await within(await dialog()).findByText('模型编号为小驼峰英文名')).toBeInTheDocument();
    fireEvent.change(within(d).getByLabelText(/模型编号/), { target: { value: 'demoCar' } });
    await save();
    expect(JSON.parse(String((await posted(h, '/model/submit')).body))).toEqual({ modelTable: 'wdiov_demo_car', modelName: '演示车', modelCode: 'demoCar' });
  }],
  ['user platform: the extension must be a JSON object', () => <UserScreen entity={entities.user} buttons={ALL_BUTTONS} />, async (h) => {
    fireEvent.click(within(await rowOf('张三')).getByRole('button', { name: '平台配置' }));
    const ext = await within(await dialog()).findByLabelText('平台扩展(JSON)');
    await waitFor(() => expect(ext).toHaveValue('{"a":1}'));
    fireEvent.change(ext, { target: { value: '[1]' } });
    await save();
    expect(await within(await dialog()).findAllByText('平台扩展必须是JSON对象')).not.toHaveLength(0);
    fireEvent.change(ext, { target: { value: '{"openId":"o1"}' } });
    await save();
    expect(paramsOf((await posted(h, '/update-platform')).url)).toEqual({ userId: '7', userType: '1', userExt: '{"openId":"o1"}' });
  }],
];

describe('system screens’ dialogs', { timeout: 60_000 }, () => {
  beforeAll(() => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.mocked(URL.createObjectURL).mockClear());

  it.each(CASES)('%s', async (_name, screenOf, walk) => {
    const h = crudHarness(1, ROUTES);
    render(h.wrap(screenOf()));
    await walk(h);
    await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '操作成功!']));
  });

  it('names its buttons and words its checks in English when the console is', async () => {
    setLanguage('en');
    const h = crudHarness(1, ROUTES);
    render(h.wrap(<UserScreen entity={entities.user} buttons={ALL_BUTTONS} />));
    fireEvent.click(within(await rowOf('张三')).getByRole('button', { name: 'Platform config' }));
    const ext = await within(await dialog()).findByLabelText('Platform extension (JSON)');
    fireEvent.change(ext, { target: { value: 'nope' } });
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(await dialog()).findAllByText('The platform extension must be a JSON object')).not.toHaveLength(0);
    expect(h.fake.requests.some((r) => r.url.includes('/update-platform'))).toBe(false);
  });

  it('names a seeded tenant in its dialog\'s title in the console\'s language', async () => {
    setLanguage('en');
    const h = crudHarness(1, ROUTES);
    render(h.wrap(<TenantScreen entity={entities.tenant} buttons={ALL_BUTTONS} />));
    fireEvent.click(within(await rowOf('Administrators')).getByRole('button', { name: 'Product package' }));
    expect(await within(await dialog()).findByText('Product package · Administrators')).toBeInTheDocument();
  });
});
