import type { UserDto } from '@app/contracts';
import { useGetMeQuery } from '../api/auth-api';

export interface CurrentUser {
  user: UserDto | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useCurrentUser(): CurrentUser {
  const { data, isLoading } = useGetMeQuery();
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
