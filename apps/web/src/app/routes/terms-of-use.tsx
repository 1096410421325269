import { PLATFORM_COMMISSION_PERCENT } from '@app/contracts/browser';
import { LegalDocumentPage } from '@/features/legal/components/legal-document';
import { TERMS_OF_USE } from '@/features/legal/legal-copy';
import { VIP_PRICE } from '@/features/vip/vip-copy';

export function TermsOfUseScreen() {
  return <LegalDocumentPage document={TERMS_OF_USE} values={{ price: VIP_PRICE.amount, percent: PLATFORM_COMMISSION_PERCENT }} />;
}
