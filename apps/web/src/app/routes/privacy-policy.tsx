import { LegalDocumentPage } from '@/features/legal/components/legal-document';
import { PRIVACY_POLICY } from '@/features/legal/legal-copy';

export function PrivacyPolicyScreen() {
  return <LegalDocumentPage document={PRIVACY_POLICY} />;
}
