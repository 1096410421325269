import { useEffect } from 'react';
import { useCurrentUser } from '../../auth/hooks/use-current-user';

/** Applies the signed-in user's theme; 'system' (and signed-out visitors) follow the device. */
export function useTheme() {
  const { user } = useCurrentUser();
  const theme = user?.settings?.chat.theme ?? 'system';
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && Boolean(query?.matches));
      document.documentElement.classList.toggle('dark', dark);
    };
    apply();
    if (theme !== 'system' || !query) return;
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [theme]);
}
