/** A voice note's length as a player shows it: 0:05, 1:42, 2:00. */
export function formatVoiceDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
