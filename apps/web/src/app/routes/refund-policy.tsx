import { LegalDocumentPage } from '@/features/legal/components/legal-document';
import { REFUND_POLICY } from '@/features/legal/legal-copy';

export function RefundPolicyScreen() {
  return <LegalDocumentPage document={REFUND_POLICY} />;
}
