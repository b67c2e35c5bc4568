import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { ConnectionGuard, connectionCapOf } from './connection-guard.ts';

/** A socket double: an address, and destroy() that emits close. */
function fakeSocket(address: string) {
  const s = new EventEmitter() as EventEmitter & { remoteAddress: string; destroyed: boolean; destroy: () => void };
  s.remoteAddress = address;
  s.destroyed = false;
  s.destroy = () => {
    if (s.destroyed) return;
    s.destroyed = true;
    s.emit('close');
  };
  return s;
}
const asSocket = (s: ReturnType<typeof fakeSocket>) => s as unknown as Socket;

describe('ConnectionGuard (simulated clock)', () => {
  it('caps connections per address and in all, and frees a place when one closes', () => {
    const guard = new ConnectionGuard({ maxConnections: 3, maxPerAddress: 2 });
    const idle = { isLoggedIn: () => true, partialBytes: () => 0 };
    const a = [fakeSocket('10.0.0.1'), fakeSocket('10.0.0.1'), fakeSocket('10.0.0.1')];
    expect(a.map((s) => guard.admit(asSocket(s), idle))).toEqual([true, true, false]);
    expect(guard.stats.refusedAddress).toBe(1);
    expect(guard.admit(asSocket(fakeSocket('10.0.0.2')), idle)).toBe(true);
    expect(guard.admit(asSocket(fakeSocket('10.0.0.3')), idle)).toBe(false);
    expect(guard.stats.refusedFull).toBe(1);
    a[0]!.destroy();
    expect(guard.admit(asSocket(fakeSocket('10.0.0.1')), idle)).toBe(true);
    guard.close();
  });

  it('does not count this machine against the per-address cap (simulator, replay, local proxy), only against the total', () => {
    const guard = new ConnectionGuard({ maxConnections: 4, maxPerAddress: 1 });
    const idle = { isLoggedIn: () => true, partialBytes: () => 0 };
    const local = ['127.0.0.1', '127.0.0.1', '::ffff:127.0.0.1', '::1', '127.0.0.1'].map(fakeSocket);
    expect(local.map((s) => guard.admit(asSocket(s), idle))).toEqual([true, true, true, true, false]);
    expect(guard.stats).toMatchObject({ refusedAddress: 0, refusedFull: 1 });
    guard.close();
  });

  it('closes a connection without login past its deadline, and a half-sent frame past its own', () => {
    let now = 0;
    const guard = new ConnectionGuard({ maxConnections: 10, loginTimeoutMs: 1000, frameTimeoutMs: 500 }, () => now);
    const silent = fakeSocket('10.0.0.1');
    let partial = 0;
    const half = fakeSocket('10.0.0.2');
    guard.admit(asSocket(silent), { isLoggedIn: () => false, partialBytes: () => 0 });
    guard.admit(asSocket(half), { isLoggedIn: () => true, partialBytes: () => partial });
    now = 999;
    guard.check();
    expect([silent.destroyed, half.destroyed]).toEqual([false, false]);
    now = 1000;
    guard.check();
    expect(silent.destroyed).toBe(true);
    half.emit('data');
    partial = 10;
    now = 1499;
    guard.check();
    expect(half.destroyed).toBe(false);
    now = 1500;
    guard.check();
    expect(half.destroyed).toBe(true);
    expect(guard.stats).toMatchObject({ loginTimeouts: 1, frameTimeouts: 1 });
    guard.close();
  });

  it('derives its default cap from the file limit, leaving room for the rest of the gateway', () => {
    expect(connectionCapOf(1024)).toBe(768);
    expect(connectionCapOf(20_000)).toBe(18_000);
    expect(connectionCapOf(100)).toBe(16);
  });
});
