import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPglite } from './pglite-open.ts';
import { errorChain } from '../lib/error-chain.ts';
import { openDatabase } from './client.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('createPglite', () => {
  it('a folder whose catalog is damaged fails to start naming what the server found missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-open-'));
    dirs.push(dir);
    const made = createPglite({ dataDir: dir });
    await made.ready();
    await made.client.close();
    // pg_class's file of the database (relfilenode 1259): what a crash in the middle of a write can leave out.
    const [db] = (await readdir(join(dir, 'base'))).filter((d) => d !== '1').sort().slice(-1);
    await rm(join(dir, 'base', db!, '1259'));
    const again = createPglite({ dataDir: dir });
    const failure = await again.ready().then(() => null, (err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(errorChain(failure)).toMatch(/the database server said: FATAL: +could not open file "base\/\d+\/1259"/);
    // The same through the database's own thread, as the gateway opens it: the reason crosses the thread.
    const threaded = await openDatabase({ dir, thread: true }).then(() => null, (err: unknown) => err);
    expect(errorChain(threaded)).toMatch(/the database server said: FATAL: +could not open file "base\/\d+\/1259"/);
  });

  it('a sound folder starts and answers', async () => {
    const made = createPglite({});
    await made.ready();
    expect((await made.client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await made.client.close();
  });
});
