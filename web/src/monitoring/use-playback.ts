import { useCallback, useEffect, useRef, useState } from 'react';
import type { Track } from '../map/layers/map-ui';
import { advance, timeRangeOf } from './playback';

/**
 * Play, pause, speed and seek over a track's time; the clock is requestAnimationFrame.
 * Time and play state belong to the track they were set for, so a new track starts at its
 * beginning, paused, without an effect resetting them after a first wrong render.
 */
export function usePlayback(track: Track | null) {
  const range = track ? timeRangeOf(track) : null;
  const [clock, setClock] = useState<{ track: Track | null; t: number; playing: boolean }>({ track: null, t: 0, playing: false });
  const [speed, setSpeed] = useState(30);
  const current = clock.track === track ? clock : { track, t: range?.start ?? 0, playing: false };
  const tRef = useRef(current.t);
  tRef.current = current.t;

  const set = useCallback((t: number, playing: boolean) => setClock({ track, t, playing }), [track]);

  useEffect(() => {
    if (!current.playing || !range) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const next = advance(tRef.current, now - last, speed, range.end);
      last = now;
      set(next.t, !next.ended);
      if (!next.ended) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [current.playing, speed, range?.end, set]); // eslint-disable-line react-hooks/exhaustive-deps

  const play = useCallback(() => {
    if (!range) return;
    // Playing from the end starts over, as media players do.
    set(tRef.current >= range.end ? range.start : tRef.current, true);
  }, [range, set]);

  const seek = useCallback(
    (to: number) => {
      if (!range) return;
      set(Math.min(range.end, Math.max(range.start, to)), current.playing);
    },
    [range, set, current.playing],
  );

  return { t: current.t, playing: current.playing, speed, range, play, pause: () => set(tRef.current, false), seek, setSpeed };
}
