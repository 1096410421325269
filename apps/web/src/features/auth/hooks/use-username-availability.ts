import { useEffect, useState } from 'react';
import { USERNAME_MAX, USERNAME_MIN } from '@app/contracts/browser';
import { describeHttpError } from '@/lib/errors';
import { useLazyCheckUsernameQuery } from '../api/auth-api';

export const USERNAME_CHECK_DELAY_MS = 500;

export type UsernameAvailability = 'unknown' | 'checking' | 'available' | 'taken';

/** Letters, digits and underscore only, lowercased, as the username picker of the spec. */
export function normalizeUsername(input: string): string {
  return input.replace(/[^a-zA-Z0-9_]/g, '').toLowerCase().slice(0, USERNAME_MAX);
}

/** Asks the server once typing pauses for 500 ms and the name has 3 or more characters. */
export function useUsernameAvailability(username: string): UsernameAvailability {
  const [check] = useLazyCheckUsernameQuery();
  const [state, setState] = useState<{ name: string; status: UsernameAvailability }>({ name: '', status: 'unknown' });

  useEffect(() => {
    if (username.length < USERNAME_MIN) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      setState({ name: username, status: 'checking' });
      const result = await check(username);
      if (cancelled) return;
      if (result.data) {
        setState({ name: username, status: result.data.available ? 'available' : 'taken' });
      } else {
        console.warn(`Username check failed: ${describeHttpError(result.error)}`);
        setState({ name: username, status: 'unknown' });
      }
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [username, check]);

  return username.length >= USERNAME_MIN && state.name === username ? state.status : 'unknown';
}
