import { CookiePreferencesPanel } from '@/features/legal/components/cookie-preferences-panel';
import { LegalDocumentPage } from '@/features/legal/components/legal-document';
import { COOKIE_POLICY } from '@/features/legal/legal-copy';

export function CookiePolicyScreen() {
  return (
    <LegalDocumentPage document={COOKIE_POLICY}>
      <CookiePreferencesPanel />
    </LegalDocumentPage>
  );
}
