import { LegalDocumentPage } from '../../features/legal/components/legal-document';
import { TERMS_OF_USE } from '../../features/legal/legal-strings';

export function TermsOfUseScreen() {
  return <LegalDocumentPage document={TERMS_OF_USE} />;
}
