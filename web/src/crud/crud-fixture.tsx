import type { ReactNode } from 'react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { defineEntity } from '@wdiov/contracts/entity/define-entity';
import { f } from '@wdiov/contracts/entity/fields';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier, type RecordedRequest } from '../test-support/fake-fetch';
import { TestQueryProvider } from '../test-support/query';
import { createQueryClient } from '../shared/query-client';

type Routes = Parameters<typeof createFakeFetch>[0];
import { CrudServicesProvider } from './CrudServices';

/** A sample entity with one field of each interesting sort: search, dictionary, reference, secret, JSON. */
export const sampleEntity = defineEntity({
  name: 'sampleCar',
  service: 'wdiov-base',
  path: 'sampleCar',
  table: 'wdiov_sample_car',
  title: { zh: '样例车辆', en: 'Sample car' },
  tenant: true,
  audit: 'full',
  fields: {
    carName: f.text('车辆名称', 'Name', { required: '请输入车辆名称', max: 20, search: 'like' }),
    plateNo: f.text('车牌号', 'Plate', { search: 'like', pattern: { regex: /^[^\s]{5,8}$/, message: '车牌号格式不正确' }, example: '粤B12345' }),
    carStatus: f.dict('车辆状态', 'Status', 'vehicle_status', { numeric: true, search: 'equal' }),
    postId: f.ref('所属岗位', 'Post', 'post', 'postName'),
    secret: f.text('密码', 'Password', { writeOnly: true, digest: 'md5', list: false, pattern: { regex: /^[a-f0-9]{32}$/, message: '密码须以md5摘要提交' }, example: 'e10adc3949ba59abbe56e057f20f883e' }),
    params: f.json('参数', 'Parameters', { list: false }),
  },
});

export const SAMPLE_ROWS = [
  { id: '1', carName: '一号车', plateNo: '粤B00001', carStatus: 1, postId: '9', postName: '司机', createTime: '2025-01-01 08:00:00' },
  { id: '2', carName: '二号车', plateNo: '粤B00002', carStatus: 2, postId: '', postName: '', createTime: '2025-01-02 08:00:00' },
];

export const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

/** Fake gateway answers for the sample entity, and a harness rendering under the CRUD services. */
export function crudHarness(total = 25, routes: Routes = {}) {
  const fake = createFakeFetch({
    '/dict/dictionary': ok([
      { dictKey: '1', dictValue: '库存' },
      { dictKey: '2', dictValue: '已销售' },
    ]),
    '/sampleCar/page': ok({ records: SAMPLE_ROWS, total, size: 10, current: 1, pages: 3 }),
    '/sampleCar/detail': ok(SAMPLE_ROWS[0]),
    '/sampleCar/submit': ok({}),
    '/sampleCar/remove': ok({}),
    '/post/list': ok({ records: [{ id: '9', postName: '司机' }], total: 1 }),
    ...routes,
  });
  const notes = createFakeNotifier();
  const http = createHttpClient({ fetch: fake.fetch, notifier: notes.notifier });
  // The page's query cache: a test may look into it.
  const queries = createQueryClient();
  const wrap = (children: ReactNode) => (
    <TestQueryProvider client={queries}>
      <CrudServicesProvider services={{ http, notifier: notes.notifier }}>
        {children}
        <ConfirmDialog />
      </CrudServicesProvider>
    </TestQueryProvider>
  );
  const pageRequests = () => fake.requests.filter((r) => r.url.includes('/sampleCar/page')).map((r) => new URL(r.url, 'http://x').searchParams);
  const lastPage = () => pageRequests().at(-1)!;
  const bodyOf = (r: RecordedRequest) => JSON.parse(String(r.body)) as Record<string, unknown>;
  return { fake, notes, wrap, queries, pageRequests, lastPage, bodyOf };
}
