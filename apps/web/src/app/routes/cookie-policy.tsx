import { APP_NAME } from '../../config/env';
import { CookiePreferencesPanel } from '../../features/legal/components/cookie-preferences-panel';
import { useText } from '../../i18n/use-text';
import { LEGAL_UPDATED, LegalPage } from '../../features/legal/components/legal-page';

export function CookiePolicyScreen() {
  const t = useText();
  return (
    <LegalPage
      title={t('layout.legal.cookies')}
      description={`Which cookies and local storage ${APP_NAME} uses, and how to choose.`}
      updated={LEGAL_UPDATED}
    >
      <p>
        Cookies are small files a site stores in your browser. {APP_NAME} uses a few, plus your browser&apos;s local
        storage, for the purposes below. You can change your choices at any time in the panel on this page.
      </p>
      <h2>1. Essential</h2>
      <p>
        A secure, http-only session cookie keeps you signed in and protects your account. Without it the service cannot
        work, so it cannot be switched off.
      </p>
      <h2>2. Analytics</h2>
      <p>Counts visits and measures which features are used, so we can fix problems and improve the product.</p>
      <h2>3. Marketing</h2>
      <p>Lets partners show you relevant offers elsewhere. Off unless you turn it on.</p>
      <h2>4. Preferences</h2>
      <p>Remembers choices such as your cookie settings and display options on this device.</p>
      <h2>5. Managing cookies</h2>
      <p>
        Your choices below are saved in this browser&apos;s local storage. You can also delete cookies in your browser
        settings; signing out removes the session cookie.
      </p>
      <CookiePreferencesPanel />
    </LegalPage>
  );
}
