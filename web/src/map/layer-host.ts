import type { Layer } from '@deck.gl/core';
import type { LiveStore } from '../live-store/live-store';
import { DEFAULT_UI, type LayerFactory, type MapUi } from './layers/map-ui';

/** The part of MapboxOverlay the host needs (a fake in tests: no WebGL in jsdom). */
export interface OverlayLike {
  setProps(props: { layers: Layer[] }): void;
}

/**
 * Rebuilds the deck.gl layer list from pure factories whenever the store applies a batch or
 * the UI state changes, and hands it to the overlay. This is the hot path that bypasses
 * React: a batch never causes a React render, only `overlay.setProps`.
 */
export class LayerHost {
  private ui: MapUi;
  private unsubscribe: (() => void) | null = null;
  renders = 0;

  constructor(
    private readonly overlay: OverlayLike,
    private readonly store: LiveStore,
    private readonly factories: readonly LayerFactory[],
    ui: Partial<MapUi> = {},
  ) {
    this.ui = { ...DEFAULT_UI, ...ui };
  }

  get state(): MapUi {
    return this.ui;
  }

  layers(): Layer[] {
    const layers: Layer[] = [];
    for (const factory of this.factories) {
      const layer = factory(this.store, this.ui);
      if (layer) layers.push(layer);
    }
    return layers;
  }

  render(): void {
    this.renders++;
    this.overlay.setProps({ layers: this.layers() });
  }

  /** Merges UI changes; renders only when a value actually changed. */
  setUi(patch: Partial<MapUi>): void {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof MapUi)[]) {
      if (this.ui[key] !== patch[key]) changed = true;
    }
    if (!changed) return;
    this.ui = { ...this.ui, ...patch };
    this.render();
  }

  attach(): void {
    // A page's layers mount again after the basemap's datum changed: positions follow it first.
    this.store.syncDatum();
    this.unsubscribe ??= this.store.subscribe(() => this.render());
    this.render();
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
