/** Cookie choices live on this device only (spec): essential is always on. */
export interface CookiePreferences {
  essential: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

export const COOKIE_PREFERENCES_KEY = 'cookie-preferences';

export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = {
  essential: true,
  analytics: true,
  marketing: false,
  preferences: true,
};

export function loadCookiePreferences(): CookiePreferences {
  try {
    const stored = JSON.parse(localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? 'null') as Partial<CookiePreferences> | null;
    if (!stored || typeof stored !== 'object') return DEFAULT_COOKIE_PREFERENCES;
    return {
      essential: true,
      analytics: typeof stored.analytics === 'boolean' ? stored.analytics : DEFAULT_COOKIE_PREFERENCES.analytics,
      marketing: typeof stored.marketing === 'boolean' ? stored.marketing : DEFAULT_COOKIE_PREFERENCES.marketing,
      preferences: typeof stored.preferences === 'boolean' ? stored.preferences : DEFAULT_COOKIE_PREFERENCES.preferences,
    };
  } catch {
    return DEFAULT_COOKIE_PREFERENCES;
  }
}

export function saveCookiePreferences(preferences: CookiePreferences) {
  localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ ...preferences, essential: true }));
}
