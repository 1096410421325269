import { Seo } from '@/components/seo';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { MessageSearch } from '@/features/search/components/message-search';
import { SEARCH_TEXT } from '@/features/search/search-copy';

export function SearchScreen() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <Seo title={SEARCH_TEXT.title} />
      <AuthRequired description={SEARCH_TEXT.authDescription}>
        <h1 className="text-2xl font-bold">{SEARCH_TEXT.title}</h1>
        <p className="mb-6 text-sm text-muted-foreground">{SEARCH_TEXT.description}</p>
        <MessageSearch />
      </AuthRequired>
    </main>
  );
}
