import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Client-side navigation keeps the scroll position; a new page starts at its top or its #anchor. */
export function ScrollToHash() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo?.(0, 0);
  }, [pathname, hash]);
  return null;
}
