import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useLogoutMutation } from '../api/auth-api';

/** Logs out and goes home whatever the server answers (spec); resolves false when it failed. */
export function useLogout(): () => Promise<boolean> {
  const [logout] = useLogoutMutation();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    const result = await logout();
    navigate('/');
    return !('error' in result);
  }, [logout, navigate]);
}
