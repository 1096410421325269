import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Client-side navigation keeps the scroll position; a new page starts at its top or its #anchor. */
export function ScrollToHash() {
  const { pathname, hash } = useLocation();
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
