import { AlertCircle } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Seo } from '../../components/seo';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

export const NOT_FOUND_TEXT = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
  home: 'Back to Home',
} as const;

export function NotFoundScreen() {
  const [pathname] = useLocation();
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-10">
      <Seo title="Page not found" description="The page you are looking for does not exist." />
      <Card className="w-full max-w-md p-6">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <AlertCircle className="h-8 w-8 text-red-500" aria-hidden /> {NOT_FOUND_TEXT.title}
        </h1>
        <p className="mt-4 text-sm text-muted-foreground">{NOT_FOUND_TEXT.hint}</p>
        <p className="mt-2 truncate rounded bg-muted px-2 py-1 font-mono text-xs">{pathname}</p>
        <Button asChild className="mt-6">
          <Link to="/">{NOT_FOUND_TEXT.home}</Link>
        </Button>
      </Card>
    </main>
  );
}
