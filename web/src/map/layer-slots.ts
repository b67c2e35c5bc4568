import type { Layer, PickingInfo } from '@deck.gl/core';
import type { OverlayLike } from './layer-host';

type ClickHandler = (info: PickingInfo) => void;

/**
 * One overlay, several layer hosts (a page may stack live vehicles, fences and a track):
 * each host owns a slot and the overlay draws the slots in registration order. Clicks go
 * to every host; each checks the picked layer id itself.
 */
export class LayerSlots {
  private readonly slots = new Map<string, Layer[]>();
  private readonly clicks = new Set<ClickHandler>();

  constructor(private readonly overlay: OverlayLike) {}

  /** What a LayerHost writes to: its own slot, not the whole overlay. */
  slot(key: string): OverlayLike {
    return {
      setProps: ({ layers }) => {
        this.slots.set(key, layers);
        this.flush();
      },
    };
  }

  remove(key: string): void {
    if (this.slots.delete(key)) this.flush();
  }

  onClick(handler: ClickHandler): () => void {
    this.clicks.add(handler);
    return () => this.clicks.delete(handler);
  }

  dispatch(info: PickingInfo): void {
    this.clicks.forEach((handler) => handler(info));
  }

  private flush(): void {
    this.overlay.setProps({ layers: [...this.slots.values()].flat() });
  }
}
