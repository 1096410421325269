import { Component, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { useText } from '../i18n/use-text';

/** What a screen that failed to load or render shows instead: its chunk may be gone after a deploy. */
export function RouteError() {
  const t = useText();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t('layout.routeError.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('layout.routeError.hint')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('layout.routeError.reload')}
      </Button>
    </main>
  );
}

type RouteErrorBoundaryProps = { pathname: string; children: ReactNode };
type RouteErrorBoundaryState = { failed: boolean; pathname: string };

/** Shows RouteError in place of the pages when one throws; going to another page tries again. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  componentDidCatch(error: unknown) {
    console.error('Screen failed', error);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
