/** Spec: an 800 Hz tone played twice, 400 ms apart. */
export const ALERT_FREQUENCY_HZ = 800;
export const ALERT_GAP_MS = 400;
const TONE_SECONDS = 0.15;

let audio: AudioContext | null = null;

/** Two short tones through Web Audio; silently nothing where the browser allows no sound yet. */
export function playAlertTones(): void {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    const ctx = audio;
    void ctx.resume?.();
    // One clock reading for both tones, so they stay exactly 400 ms apart.
    const base = ctx.currentTime;
    for (const offset of [0, ALERT_GAP_MS / 1000]) {
      const start = base + offset;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = ALERT_FREQUENCY_HZ;
      gain.gain.setValueAtTime(0.2, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + TONE_SECONDS);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(start + TONE_SECONDS);
    }
  } catch (error) {
    console.warn('Notification sound failed', error);
  }
}

export function canShowBrowserNotifications(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** A system notification, only when the person allowed them. */
export function showBrowserNotification(title: string, body: string, onClick?: () => void): void {
  if (!canShowBrowserNotifications() || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag: title });
    if (onClick) {
      notification.onclick = () => {
        window.focus();
        onClick();
        notification.close();
      };
    }
  } catch (error) {
    console.warn('Browser notification failed', error);
  }
}
