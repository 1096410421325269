import { useState } from 'react';

/**
 * True from the first render where `now` is, and ever after: for a part fetched when first
 * needed that then stays mounted (a dialog plays its closing, a toast its leaving).
 */
export function useOnceTrue(now: boolean): boolean {
  const [seen, setSeen] = useState(now);
  if (now && !seen) setSeen(true);
  return seen || now;
}
