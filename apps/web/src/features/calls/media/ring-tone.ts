/** A phone's ring, made with Web Audio (no sound file): two 0.4 s bursts of 440 + 480 Hz, every 3 s. */
const FREQUENCIES = [440, 480];
const BURSTS = [0, 0.6];
const BURST_SECONDS = 0.4;
const RING_EVERY_MS = 3000;
const VOLUME = 0.12;

/** Starts ringing; the returned function stops it. Silent where the browser allows no sound yet. */
export function startRingTone(): () => void {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return () => undefined;
  let ctx: AudioContext;
  try {
    ctx = new Context();
  } catch {
    return () => undefined;
  }
  void ctx.resume?.().catch(() => undefined);
  const ring = () => {
    try {
      const base = ctx.currentTime;
      for (const offset of BURSTS) {
        const gain = ctx.createGain();
        gain.gain.setValueAtTime(VOLUME, base + offset);
        gain.gain.setValueAtTime(0, base + offset + BURST_SECONDS);
        gain.connect(ctx.destination);
        for (const frequency of FREQUENCIES) {
          const oscillator = ctx.createOscillator();
          oscillator.frequency.value = frequency;
          oscillator.connect(gain);
          oscillator.start(base + offset);
          oscillator.stop(base + offset + BURST_SECONDS);
        }
      }
    } catch (error) {
      console.warn('Ring tone failed', error);
    }
  };
  ring();
  const timer = setInterval(ring, RING_EVERY_MS);
  return () => {
    clearInterval(timer);
    void ctx.close().catch(() => undefined);
  };
}
