import { AlertCircle } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Seo } from '@/components/seo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useText } from '@/i18n/use-text';

export function NotFoundScreen() {
  const [pathname] = useLocation();
  const t = useText();
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-10">
      <Seo title={t('layout.notFound.seoTitle')} description={t('layout.notFound.seoDescription')} />
      <Card className="w-full max-w-md p-6">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <AlertCircle className="h-8 w-8 text-red-500" aria-hidden /> {t('layout.notFound.title')}
        </h1>
        <p className="mt-4 text-sm text-muted-foreground">{t('layout.notFound.hint')}</p>
        <p className="mt-2 truncate rounded bg-muted px-2 py-1 font-mono text-xs">{pathname}</p>
        <Button asChild className="mt-6">
          <Link to="/">{t('layout.notFound.home')}</Link>
        </Button>
      </Card>
    </main>
  );
}
