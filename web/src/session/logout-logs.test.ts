import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createAuthApi } from '../api/auth-api';
import { createHttpClient } from '../api/http';
import { createSystemApi } from '../api/system-api';
import { createUserApi } from '../api/user-api';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { errorLog } from '../util/error-log';
import { createSessionActors } from './session-services';

// The log is the page's: errors another test file logged in this worker must not ride along.
beforeEach(() => errorLog.clear());
afterEach(() => errorLog.clear());

function signOut() {
  const fake = createFakeFetch({ '/oauth/logout': { body: { success: 'true', msg: 'success' } } });
  const http = createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier, getToken: () => 't' });
  const actors = createSessionActors({ auth: createAuthApi(http), system: createSystemApi(http), user: createUserApi(http) });
  return { run: () => toPromise(createActor(actors.remoteLogout).start()), requests: fake.requests };
}

describe('signing out', () => {
  it('takes the local runtime errors along in the POST body, then forgets them', async () => {
    errorLog.add({ type: 'error', message: 'dropdown went away', stack: '', info: '' });
    const { run, requests } = signOut();
    await run();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(JSON.parse(String(requests[0]!.body))).toMatchObject([{ type: 'error', message: 'dropdown went away' }]);
    expect(errorLog.list()).toEqual([]);
  });

  it('with no local errors, asks GET oauth/logout', async () => {
    const { run, requests } = signOut();
    await run();
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });
});
