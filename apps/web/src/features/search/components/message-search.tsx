import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, SearchMessages } from '@app/contracts/browser';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSearchMessagesQuery } from '../api/search-api';
import { SEARCH_TEXT as T } from '../search-copy';
import { Highlighted } from './highlighted';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';
import { shownName } from '@/lib/shown-name';

/** The search box and its results; the words live in the address (?q=), so Back and links keep them. */
export function MessageSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = typed.trim();
    if (words.length < SEARCH_QUERY_MIN || words.length > SEARCH_QUERY_MAX) return setError(SearchMessages.QueryLength);
    setError(null);
    setParams({ q: words });
  };

  return (
    <div className="space-y-6">
      <form role="search" onSubmit={submit} className="flex gap-2" noValidate>
        <div className="flex-1">
          <Input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={T.placeholder}
            aria-label={T.label}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'search-error' : undefined}
            maxLength={SEARCH_QUERY_MAX}
            autoFocus
          />
          {error ? (
            <p id="search-error" role="alert" className="mt-1 text-xs text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit">{T.submit}</Button>
      </form>
      {q ? <Results key={q} q={q} /> : null}
    </div>
  );
}

/** Every page fetched so far, each by the cursor the one before it gave. */
function Results({ q }: { q: string }) {
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  return (
    <section aria-label={T.results}>
      <ol className="space-y-3">
        {cursors.map((before, i) => (
          <ResultsPage key={before ?? 0} q={q} before={before} last={i === cursors.length - 1} onOlder={(next) => setCursors((all) => [...all, next])} />
        ))}
      </ol>
    </section>
  );
}

function ResultsPage({ q, before, last, onOlder }: { q: string; before?: number; last: boolean; onOlder: (cursor: number) => void }) {
  const { data, isFetching, isError, refetch } = useSearchMessagesQuery({ q, before });
  const locale = useFormatLocale();
  if (isFetching && !data) return <li role="status" className="text-sm text-muted-foreground">{T.searching}</li>;
  if (isError) {
    return (
      <li role="alert" className="text-sm text-destructive">
        {T.failed}{' '}
        <Button variant="link" size="sm" onClick={() => void refetch()}>
          {T.submit}
        </Button>
      </li>
    );
  }
  if (!data) return null;
  if (!data.results.length && before === undefined) return <li className="py-8 text-center text-muted-foreground">{T.empty(q)}</li>;
  return (
    <>
      {data.results.map(({ message, room }) => (
        <li key={message.id} data-testid="search-result" className="rounded-lg border p-3">
          <div className="mb-1 flex items-center gap-2 text-xs text-muted-foreground">
            <UserAvatar name={shownName(message.sender.username)} src={message.sender.avatar} className="h-6 w-6 text-[10px]" />
            <span className="font-medium text-foreground">{shownName(message.sender.username)}</span>
            <span aria-hidden>·</span>
            <span className="truncate">{room.type === 'private' ? T.privateChat : room.name}</span>
            <time className="ml-auto shrink-0" dateTime={message.createdAt}>
              {formatDate(message.createdAt, locale, { time: true })}
            </time>
          </div>
          <p className="text-sm break-words whitespace-pre-wrap">
            <Highlighted text={message.content} query={q} />
          </p>
          <Link className="mt-1 inline-block text-xs font-medium text-primary hover:underline" to={`/chat/${room.id}?message=${message.id}`}>
            {T.open(room.type === 'private' ? T.privateChat : room.name)}
          </Link>
        </li>
      ))}
      {last && data.nextCursor ? (
        <li className="text-center">
          <Button variant="outline" onClick={() => onOlder(data.nextCursor as number)}>
            {T.older}
          </Button>
        </li>
      ) : null}
    </>
  );
}
