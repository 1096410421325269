import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../api/auth-api';

/** Logs out and goes home whatever the server answers (spec); resolves false when it failed. */
export function useLogout(): () => Promise<boolean> {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  return useCallback(async () => {
    const result = await logout();
    navigate('/');
    return !('error' in result);
  }, [logout, navigate]);
}
