import { useEffect } from 'react';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';

/**
 * Applies the signed-in user's theme as a class on the root: 'light' or 'dark' when chosen;
 * neither for 'system' and signed-out visitors, whom the stylesheet gives the device's theme.
 */
export function useTheme() {
  const { user } = useCurrentUser();
  const theme = user?.settings?.chat.theme ?? 'system';
  useEffect(() => {
    const root = document.documentElement.classList;
    root.toggle('light', theme === 'light');
    root.toggle('dark', theme === 'dark');
  }, [theme]);
}
