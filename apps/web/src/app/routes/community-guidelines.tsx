import { LegalDocumentPage } from '@/features/legal/components/legal-document';
import { COMMUNITY_GUIDELINES } from '@/features/legal/legal-copy';

export function CommunityGuidelinesScreen() {
  return <LegalDocumentPage document={COMMUNITY_GUIDELINES} />;
}
