import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useHash } from '../hooks/use-hash';

/** Client-side navigation keeps the scroll position; a new page starts at its top or its #anchor. */
export function ScrollToHash() {
  const [pathname] = useLocation();
  const hash = useHash();
  // The page the browser loaded starts at its top already; the landing page is there before
  // its code, and someone may have scrolled it meanwhile.
  const loaded = useRef(false);
  useEffect(() => {
    const first = !loaded.current;
    loaded.current = true;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (!first) window.scrollTo?.(0, 0);
  }, [pathname, hash]);
  return null;
}
