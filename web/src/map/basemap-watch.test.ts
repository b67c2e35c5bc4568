import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchBasemap, type EventedMap } from './basemap-watch';

type Listener = Parameters<EventedMap['on']>[1];

/** The two MapLibre events the watch listens to, fired by hand. */
function fakeMap() {
  const listeners = { error: new Set<Listener>(), sourcedata: new Set<Listener>() };
  const map: EventedMap = {
    on: (type, listener) => listeners[type].add(listener),
    off: (type, listener) => listeners[type].delete(listener),
  };
  return {
    map,
    listening: () => listeners.error.size + listeners.sourcedata.size,
    tileError: (sourceId = 'basemap') => listeners.error.forEach((l) => l({ sourceId, tile: { state: 'errored' } })),
    tileLoaded: (sourceId = 'basemap') => listeners.sourcedata.forEach((l) => l({ sourceId, tile: { state: 'loaded' } })),
    styleData: () => listeners.sourcedata.forEach((l) => l({ sourceId: 'basemap' })),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the basemap watch', () => {
  it('gives up after three tile errors of the basemap in a row, once', () => {
    const fake = fakeMap();
    const onFailure = vi.fn();
    watchBasemap(fake.map, onFailure);
    fake.tileError();
    fake.tileError('basemap-labels');
    expect(onFailure).not.toHaveBeenCalled();
    fake.tileError();
    expect(onFailure).toHaveBeenCalledExactlyOnceWith('errors');
    fake.tileError();
    vi.advanceTimersByTime(60_000);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(fake.listening()).toBe(0);
  });

  it('keeps a basemap whose tiles load between errors, and ignores errors of other sources', () => {
    const fake = fakeMap();
    const onFailure = vi.fn();
    watchBasemap(fake.map, onFailure);
    for (let i = 0; i < 10; i++) {
      fake.tileError();
      fake.tileError();
      fake.tileLoaded();
      fake.tileError('fences');
    }
    vi.advanceTimersByTime(60_000);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('gives up when no tile has loaded before the watchdog: an HTTP 404 fires no error', () => {
    const fake = fakeMap();
    const onFailure = vi.fn();
    watchBasemap(fake.map, onFailure, { watchdogMs: 5000 });
    fake.styleData();
    fake.tileLoaded('fences');
    vi.advanceTimersByTime(4999);
    expect(onFailure).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onFailure).toHaveBeenCalledExactlyOnceWith('silent');
  });

  it('a loaded tile stops the watchdog; stopping removes the listeners', () => {
    const fake = fakeMap();
    const onFailure = vi.fn();
    const stop = watchBasemap(fake.map, onFailure, { watchdogMs: 5000 });
    fake.tileLoaded();
    vi.advanceTimersByTime(60_000);
    expect(onFailure).not.toHaveBeenCalled();
    stop();
    expect(fake.listening()).toBe(0);
  });
});
