import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useText } from '@/i18n/use-text';
import { useCurrentUser } from '../hooks/use-current-user';

export type AuthRequiredProps = { description: string; children: ReactNode };

/** Renders its children for a signed-in user; otherwise the spec's 'Authentication Required' screen. */
export function AuthRequired({ description, children }: AuthRequiredProps) {
  const { isAuthenticated, isLoading } = useCurrentUser();
  const t = useText();
  if (isLoading) return <p className="p-8 text-center text-muted-foreground">{t('layout.loading')}</p>;
  if (!isAuthenticated) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16">
        <Card className="w-full p-8 text-center">
          <Lock className="mx-auto mb-4 h-10 w-10 text-muted-foreground" aria-hidden />
          <h1 className="text-xl font-semibold">{t('layout.signInRequired')}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{description}</p>
          <Button asChild className="mt-6">
            <Link to="/auth">{t('layout.signIn')}</Link>
          </Button>
        </Card>
      </div>
    );
  }
  return <>{children}</>;
}
