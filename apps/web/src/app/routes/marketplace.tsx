import { ScreenHeading } from './screen-heading';

export function MarketplaceScreen() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <ScreenHeading title="Expert Marketplace" description="Browse verified experts and start a chat or call." />
    </main>
  );
}
