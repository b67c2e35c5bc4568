import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { entityList } from '@wdiov/contracts/entities/registry';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { ALL_BUTTONS } from './buttons';
import { ok } from './crud-fixture';
import { CrudPage } from './CrudPage';
import { CrudServicesProvider } from './CrudServices';
import { labelText } from './field-defs';
import { TestQueryProvider } from '../test-support/query';

// Any list or tree answer is empty: this checks that every definition renders, not the data.
const fake = createFakeFetch({ '/api/': ok({ records: [], total: 0 }) });
const notes = createFakeNotifier();
const http = createHttpClient({ fetch: fake.fetch, notifier: notes.notifier });

describe('every entity of the registry', { timeout: 60_000 }, () => {
  it.each(entityList.map((e) => [e.name, e] as const))('%s: lists, shows the empty state and opens its add form', async (_name, entity) => {
    render(
      <TestQueryProvider>
        <CrudServicesProvider services={{ http, notifier: notes.notifier }}>
          <CrudPage entity={entity} buttons={ALL_BUTTONS} />
        </CrudServicesProvider>
      </TestQueryProvider>,
    );
    const title = labelText(entity.title);
    expect(await screen.findByText(`还没有${title}数据，新增一条开始吧。`)).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`新增${title}`)).toBeInTheDocument();
    expect(notes.messages.filter(([kind]) => kind === 'error')).toEqual([]);
  });
});
