import { Seo } from '@/components/seo';
import { MarketplaceBrowser } from '@/features/marketplace/components/marketplace-browser';
import { MARKETPLACE_TEXT } from '@/features/marketplace/marketplace-copy';

export function MarketplaceScreen() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Seo title={MARKETPLACE_TEXT.title} description={MARKETPLACE_TEXT.subtitle} />
      <MarketplaceBrowser />
    </main>
  );
}
