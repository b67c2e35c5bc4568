import { describe, expect, it } from 'vitest';
import { MapSources, PRESET_TILE_SOURCES } from './map-sources.ts';

const deferred = () => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the map sources of the CSP', () => {
  it('take the latest read of the tile origin even when an earlier read answers after it', async () => {
    const sources = new MapSources(undefined);
    const first = deferred();
    const second = deferred();
    // Two param writes in a row: the first read still sees no origin, the second sees it.
    const a = sources.refresh(() => first.promise);
    const b = sources.refresh(() => second.promise);
    second.resolve('http://127.0.0.1:9000/tiles');
    await b;
    first.resolve('');
    await a;
    expect(sources.list()).toEqual([...PRESET_TILE_SOURCES, 'http://127.0.0.1:9000']);
  });

  it('take each read in turn when they answer in order', async () => {
    const sources = new MapSources('https://styles.example.com/style.json');
    await sources.refresh(async () => 'https://tiles.example.com');
    await sources.refresh(async () => '');
    expect(sources.list()).toEqual([...PRESET_TILE_SOURCES, 'https://styles.example.com']);
  });
});
