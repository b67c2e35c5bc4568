import { BASEMAP_SOURCES } from './basemap-presets';

/** Why the basemap's tiles are given up: tile errors in a row, or no tile at all in time. */
export type BasemapFailure = 'errors' | 'silent';

/** The part of a MapLibre map the watch listens to (a fake in tests). */
export interface EventedMap {
  on(type: 'error' | 'sourcedata', listener: (event: TileEvent) => void): unknown;
  off(type: 'error' | 'sourcedata', listener: (event: TileEvent) => void): unknown;
}

interface TileEvent {
  sourceId?: string;
  tile?: { state?: string };
}

export interface WatchOptions {
  /** Tile errors with no tile loaded in between that mean the tiles cannot load. */
  errorsToFail?: number;
  /** How long to wait for the first tile: an HTTP 404 fires no error in MapLibre, so silence must count too. */
  watchdogMs?: number;
}

const isBasemap = (id: string | undefined) => (BASEMAP_SOURCES as readonly (string | undefined)[]).includes(id);

/**
 * Tells `onFailure` once when the basemap's tiles cannot load (an offline site, a blocked host,
 * a wrong key): a few tile errors of the basemap's sources with no tile loaded in between, or
 * no tile loaded before the watchdog. A single error is not enough (a tile that left the view, a
 * hiccup), and other sources' errors are not the basemap's. Returns the stop function.
 */
export function watchBasemap(map: EventedMap, onFailure: (why: BasemapFailure) => void, { errorsToFail = 3, watchdogMs = 8000 }: WatchOptions = {}): () => void {
  let failures = 0;
  let done = false;
  const fail = (why: BasemapFailure) => {
    if (done) return;
    stop();
    onFailure(why);
  };
  const onError = (e: TileEvent) => {
    if (e.tile && isBasemap(e.sourceId) && ++failures >= errorsToFail) fail('errors');
  };
  const onData = (e: TileEvent) => {
    if (!isBasemap(e.sourceId) || e.tile?.state !== 'loaded') return;
    failures = 0;
    clearTimeout(watchdog);
  };
  const watchdog = setTimeout(() => fail('silent'), watchdogMs);
  map.on('error', onError);
  map.on('sourcedata', onData);
  function stop() {
    done = true;
    clearTimeout(watchdog);
    map.off('error', onError);
    map.off('sourcedata', onData);
  }
  return stop;
}
