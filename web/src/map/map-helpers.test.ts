import { describe, expect, it, vi } from 'vitest';
import type { Layer } from '@deck.gl/core';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { LiveStore } from '../live-store/live-store';
import { followVehicle } from './follow';
import { boundsOf, circleRing, destination, distanceM } from './geo-math';
import { LayerHost } from './layer-host';
import { LayerSlots } from './layer-slots';
import { vehiclesLayer } from './layers/vehicles-layer';

const p = (vin: string, lng: number, ts: number): LivePosition => ({ vin, lng, lat: 22, speed: 1, heading: 0, soc: 50, state: 1, alarmLevel: 0, ts });

describe('geo math', () => {
  it('distance and destination agree; circles stay round', () => {
    const to = destination([114, 22.5], 1000, 90);
    expect(distanceM([114, 22.5], to)).toBeCloseTo(1000, 3);
    for (const point of circleRing([114, 22.5], 500, 16)) expect(distanceM([114, 22.5], point)).toBeCloseTo(500, 3);
    expect(boundsOf([[1, 2], [3, -1]])).toEqual([[1, -1], [3, 2]]);
    expect(boundsOf([])).toBeNull();
  });
});

describe('layer host', () => {
  it('rebuilds layers per applied batch and per UI change, never for an unchanged UI', () => {
    const setProps = vi.fn<(props: { layers: Layer[] }) => void>();
    const store = new LiveStore();
    const host = new LayerHost({ setProps }, store, [vehiclesLayer, () => null], { zoom: 12 });
    host.attach();
    expect(setProps).toHaveBeenCalledTimes(1);
    store.apply([p('A', 114, 1)]);
    expect(setProps).toHaveBeenCalledTimes(2);
    expect(setProps.mock.calls[1][0].layers).toHaveLength(1);
    expect(setProps.mock.calls[1][0].layers[0].props.updateTriggers.getPosition).toBe(1);
    host.setUi({ zoom: 12 });
    expect(setProps).toHaveBeenCalledTimes(2);
    host.setUi({ selectedVin: 'A' });
    expect(setProps).toHaveBeenCalledTimes(3);
    host.detach();
    store.apply([p('A', 114.1, 2)]);
    expect(setProps).toHaveBeenCalledTimes(3);
  });
});

describe('follow a vehicle', () => {
  it('centres at once, eases with each batch that moved it, stops when asked', () => {
    const store = new LiveStore();
    store.apply([p('A', 114, 1)]);
    let centre = { lng: 0, lat: 0 };
    const easeTo = vi.fn((o: { center: [number, number] }) => {
      centre = { lng: o.center[0], lat: o.center[1] };
    });
    const stop = followVehicle({ getCenter: () => centre, easeTo }, store, 'A');
    expect(easeTo).toHaveBeenLastCalledWith({ center: [114, 22], duration: 0 });
    store.apply([p('B', 100, 1)]);
    expect(easeTo).toHaveBeenCalledTimes(1);
    store.apply([p('A', 114.01, 2)]);
    expect(easeTo).toHaveBeenCalledTimes(2);
    stop();
    store.apply([p('A', 114.02, 3)]);
    expect(easeTo).toHaveBeenCalledTimes(2);
  });
});

describe('layer slots', () => {
  it('several hosts share one overlay without overwriting each other; clicks reach all', () => {
    const setProps = vi.fn<(props: { layers: Layer[] }) => void>();
    const slots = new LayerSlots({ setProps });
    const a = { id: 'a' } as Layer;
    const b = { id: 'b' } as Layer;
    slots.slot('track').setProps({ layers: [a] });
    slots.slot('fences').setProps({ layers: [b] });
    expect(setProps).toHaveBeenLastCalledWith({ layers: [a, b] });
    slots.slot('track').setProps({ layers: [] });
    expect(setProps).toHaveBeenLastCalledWith({ layers: [b] });
    slots.remove('fences');
    expect(setProps).toHaveBeenLastCalledWith({ layers: [] });
    const seen: string[] = [];
    const off = slots.onClick(() => seen.push('one'));
    slots.onClick(() => seen.push('two'));
    slots.dispatch({} as never);
    off();
    slots.dispatch({} as never);
    expect(seen).toEqual(['one', 'two', 'two']);
  });
});
