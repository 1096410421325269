import { useLocationProperty } from 'wouter/use-browser-location';

const currentHash = () => window.location.hash;
const noHash = () => '';

/**
 * The address's #anchor ('' when it has none), kept current as the app navigates. Only the
 * browser's address has one: the page rendered at build time and tests' memory router have none.
 */
export function useHash(): string {
  return useLocationProperty(currentHash, noHash);
}
