import { getStore, setStore } from '../util/storage';

/** A short beep through WebAudio when a card arrives, unless muted (kept across reloads). */
let context: AudioContext | undefined;

export const alarmSound = {
  isMuted: (): boolean => getStore<boolean>('alarmMuted') ?? false,
  setMuted: (muted: boolean): void => setStore({ name: 'alarmMuted', content: muted }),
  play(): void {
    if (alarmSound.isMuted() || typeof AudioContext === 'undefined') return;
    try {
      context ??= new AudioContext();
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = 880;
      gain.gain.value = 0.08;
      oscillator.connect(gain).connect(context.destination);
      oscillator.start();
      oscillator.stop(context.currentTime + 0.25);
    } catch {
      // Autoplay policies may refuse sound before a user gesture: the card still shows.
    }
  },
};
