import { useRouteError } from 'react-router-dom';
import { Button } from '../components/ui/button';

export const ROUTE_ERROR_TEXT = {
  title: 'This page could not be shown',
  hint: 'Reloading usually helps, for instance when a newer version of the site was published meanwhile.',
  reload: 'Reload',
} as const;

/** A screen that failed to load or render: its chunk may be gone after a deploy. */
export function RouteError() {
  const error = useRouteError();
  console.error('Screen failed', error);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 text-center" role="alert">
      <h1 className="text-2xl font-bold">{ROUTE_ERROR_TEXT.title}</h1>
      <p className="mt-2 text-muted-foreground">{ROUTE_ERROR_TEXT.hint}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {ROUTE_ERROR_TEXT.reload}
      </Button>
    </main>
  );
}
