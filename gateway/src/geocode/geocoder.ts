import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { PlaceLocation } from '@wdiov/contracts';
import { locate } from '../routes/resource/geo/offline.ts';
import type { RegeoService } from './regeo-services.ts';
import type { TenantPlaces } from './tenant-places.ts';

/** How long a card waits for a location at most: it goes out with what is known by then. */
export const CARD_WAIT_MS = 150;
/** How long the online service may take before its answer is given up (it still fills the cache if it arrives in time). */
const SERVICE_TIMEOUT_MS = 3000;
/** After a failure the service is left alone this long: every card of an outage would otherwise wait on it. */
const FAILURE_PAUSE_MS = 30_000;
const CACHE_CELLS = 20_000;
const CACHE_TTL_MS = 7 * 86_400_000;

/** The ~100 m cell of a point (0.001° of latitude is 111 m; of longitude, 111 m × cos(lat)). */
export const cellOf = (lng: number, lat: number) => `${Math.round(lng * 1000)},${Math.round(lat * 1000)}`;

export interface GeocoderOptions {
  places: TenantPlaces;
  /** The configured online service, if any (RegeoSettings). */
  service: () => Promise<RegeoService | undefined>;
  logger?: Logger;
  cacheCells?: number;
  serviceTimeoutMs?: number;
  failurePauseMs?: number;
}

const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(r, ms, value).unref?.());

/**
 * Locations in words for cards and panels. The online geocoder's address is cached per ~100 m
 * cell (a bounded LRU) and asked once per cell at a time; a caller waits for it at most `waitMs`
 * and otherwise gets, at once, the province and city the gateway knows offline and the nearest
 * of the tenant's own places, while the online answer goes on to fill the cache for the next one.
 */
export class Geocoder {
  private readonly cache: LRUCache<string, { address: string }>;
  private readonly asking = new Map<string, Promise<string | undefined>>();
  private pausedUntil = 0;
  asked = 0;
  failed = 0;

  constructor(private readonly o: GeocoderOptions) {
    this.cache = new LRUCache({ max: o.cacheCells ?? CACHE_CELLS, ttl: CACHE_TTL_MS });
  }

  get places(): TenantPlaces {
    return this.o.places;
  }

  /** Loads the tenant's places ahead of its first card (called for each live snapshot: a map lookup once loaded). */
  warm(tenantId: string): void {
    if (!this.o.places.loaded(tenantId)) void this.o.places.ready(tenantId);
  }

  /** The location of a WGS-84 point for a tenant, within about `waitMs`; `ask` false: the cache only, never the service. */
  async locate(tenantId: string, lng: number, lat: number, waitMs = CARD_WAIT_MS, ask = true): Promise<PlaceLocation> {
    const cell = cellOf(lng, lat);
    const hit = this.cache.get(cell);
    const online = hit ? Promise.resolve(hit.address) : ask ? this.ask(cell, lng, lat) : Promise.resolve(undefined);
    // The tenant's places load (the first time) while the online answer is awaited, under the same bound.
    const places = this.o.places.loaded(tenantId) ? undefined : this.o.places.ready(tenantId);
    const deadline = later(waitMs, undefined);
    const address = await Promise.race([online, deadline]);
    if (!address && places) await Promise.race([places, deadline]);
    const place = this.o.places.nearest(tenantId, lng, lat);
    return { address: address ?? '', district: locate(lng, lat)?.formattedAddress ?? '', ...(place ? { place } : {}) };
  }

  /**
   * The better location of a point whose online answer was still on its way when `locate` gave up
   * waiting: it, once the answer arrives with an address; undefined when nothing was pending or it brought none.
   */
  async improved(tenantId: string, lng: number, lat: number): Promise<PlaceLocation | undefined> {
    const pending = this.asking.get(cellOf(lng, lat));
    const address = pending && (await pending);
    if (!address) return undefined;
    const place = this.o.places.nearest(tenantId, lng, lat);
    return { address, district: locate(lng, lat)?.formattedAddress ?? '', ...(place ? { place } : {}) };
  }

  /** The online address of a cell: one question per cell at a time; undefined when there is no service or it failed. */
  private ask(cell: string, lng: number, lat: number): Promise<string | undefined> {
    const pending = this.asking.get(cell);
    if (pending) return pending;
    if (Date.now() < this.pausedUntil) return Promise.resolve(undefined);
    const question = this.o.service().then(async (service) => {
      if (!service) return undefined;
      this.asked++;
      try {
        const address = await service.address(lng, lat, this.o.serviceTimeoutMs ?? SERVICE_TIMEOUT_MS);
        this.cache.set(cell, { address });
        return address;
      } catch (err) {
        this.failed++;
        this.pausedUntil = Date.now() + (this.o.failurePauseMs ?? FAILURE_PAUSE_MS);
        this.o.logger?.warn({ err: err instanceof Error ? err.message : String(err), service: service.name }, 'reverse geocoder failed; wording locations offline');
        return undefined;
      }
    }).finally(() => this.asking.delete(cell));
    this.asking.set(cell, question);
    return question;
  }

  /** Cells held (for tests and metrics). */
  get cachedCells(): number {
    return this.cache.size;
  }
}
