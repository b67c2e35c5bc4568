import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { Hono } from 'hono';
import { contextStorage } from 'hono/context-storage';
import { describe, expect, it, vi } from 'vitest';
import { startWorkerThread } from '../lib/worker-thread.ts';
import { PasswordThreads, type PasswordReply, type PasswordRequest, type PasswordWorkerData } from './password-threads.ts';

/** A thread the test answers for: what it was sent, whether it keeps the process alive. */
class FakeThread extends EventEmitter {
  readonly sent: PasswordRequest[] = [];
  referenced = false;
  terminated = false;
  postMessage(m: PasswordRequest) {
    this.sent.push(m);
  }
  ref() {
    this.referenced = true;
  }
  unref() {
    this.referenced = false;
  }
  answer(reply: PasswordReply) {
    this.emit('message', reply);
  }
  async terminate() {
    this.terminated = true;
    this.emit('exit', 1);
    return 1;
  }
}

function fakePool(size: number) {
  const threads: FakeThread[] = [];
  const pool = new PasswordThreads(size, () => {
    const t = new FakeThread();
    threads.push(t);
    return t as never;
  });
  return { pool, threads };
}

/** Without a request, checks are refused in Chinese (the default language). */
const THREAD_ENDED = '密码校验中断, 请重试';
const STOPPING = '服务正在停止, 请稍后再试';

const verify = (stored: string): PasswordRequest => ({ op: 'verify', stored: stored as string, value: 'a'.repeat(32) });

describe('password threads', () => {
  it('start a thread only when none is free, and hold the process only while a check is under way', async () => {
    const { pool, threads } = fakePool(2);
    const first = pool.run(verify('one'));
    expect(threads).toHaveLength(1);
    expect(threads[0]!.referenced).toBe(true);
    threads[0]!.answer({ ok: true, value: true });
    expect(await first).toBe(true);
    expect(threads[0]!.referenced).toBe(false);
    // The idle thread takes the next check; a second thread starts only for a check beside it.
    const second = pool.run(verify('two'));
    const third = pool.run(verify('three'));
    expect(threads).toHaveLength(2);
    expect(threads[0]!.sent.map((m) => m.op === 'verify' && m.stored)).toEqual(['one', 'two']);
    threads[0]!.answer({ ok: false, message: 'invalid hash' });
    threads[1]!.answer({ ok: true, value: false });
    await expect(second).rejects.toThrow('invalid hash');
    expect(await third).toBe(false);
    expect(() => [pool.run(verify('4')), pool.run(verify('5')), pool.run(verify('6'))]).toThrow(/more than 2 checks/);
  });

  it('fail the check of a thread that ended with 503, and answer the next ones on a new thread', async () => {
    const { pool, threads } = fakePool(1);
    const cut = pool.run(verify('cut'));
    threads[0]!.emit('error', new Error('out of memory'));
    threads[0]!.emit('exit', 1);
    await expect(cut).rejects.toMatchObject({ code: 503, message: THREAD_ENDED, cause: expect.stringContaining('out of memory') });
    expect(pool.running).toBe(0);
    const next = pool.run(verify('next'));
    expect(threads).toHaveLength(2);
    threads[1]!.answer({ ok: true, value: true });
    expect(await next).toBe(true);
  });

  it('word a refusal in the language of the request that asked, though the thread ends outside it', async () => {
    const { pool, threads } = fakePool(1);
    const app = new Hono().use(contextStorage()).get('/', async (c) => {
      try {
        return c.text(String(await pool.run(verify('x'))));
      } catch (err) {
        return c.text((err as Error).message, 503);
      }
    });
    const english = app.request('/', { headers: { 'Accept-Language': 'en' } });
    await vi.waitFor(() => expect(threads).toHaveLength(1));
    threads[0]!.emit('exit', 1);
    expect(await (await english).text()).toBe('The password check was cut short; please try again');
    const chinese = app.request('/');
    await vi.waitFor(() => expect(threads).toHaveLength(2));
    await pool.close();
    expect(await (await chinese).text()).toBe(STOPPING);
  });

  it('end every thread at close, failing the check under way, and take no check after', async () => {
    const { pool, threads } = fakePool(2);
    const done = pool.run(verify('done'));
    threads[0]!.answer({ ok: true, value: true });
    await done;
    const stuck = pool.run(verify('stuck'));
    const other = pool.run(verify('other'));
    await pool.close();
    await expect(stuck).rejects.toMatchObject({ code: 503, message: STOPPING });
    await expect(other).rejects.toMatchObject({ code: 503, message: STOPPING });
    expect(threads.map((t) => t.terminated)).toEqual([true, true]);
    await expect(pool.run(verify('late'))).rejects.toMatchObject({ code: 503, message: STOPPING });
  });

  it('replace a real thread that dies, answering the checks that waited for it', async () => {
    const data: PasswordWorkerData = { nice: 0, options: { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } };
    let started = 0;
    // The first thread dies of an uncaught error on its first check; the next ones are password threads.
    const pool = new PasswordThreads(1, () =>
      started++ === 0
        ? new Worker(`require('node:worker_threads').parentPort.on('message', () => { throw new Error('thread broke'); });`, { eval: true })
        : startWorkerThread(new URL('./password-worker.ts', import.meta.url), data));
    const queue = pLimit(1);
    const hash = () => pool.run({ op: 'hash', value: 'b'.repeat(32) });
    // The second hash waits in the queue while the first one's thread dies.
    const [cut, stored] = await Promise.all([queue(hash).catch((e: unknown) => e), queue(hash)]);
    expect(cut).toMatchObject({ code: 503, cause: expect.stringContaining('thread broke') });
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    const answers = await Promise.all([queue(() => pool.run({ op: 'verify', stored: stored as string, value: 'b'.repeat(32) })), queue(() => pool.run({ op: 'verify', stored: stored as string, value: 'c'.repeat(32) }))]);
    expect(answers).toEqual([true, false]);
    expect(started).toBe(2);
    await pool.close();
  });
});
