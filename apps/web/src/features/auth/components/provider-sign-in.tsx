import type { OidcProviderDto } from '@app/contracts';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { FacebookIcon, GoogleIcon } from '@/components/brand-icons';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useText } from '@/i18n/use-text';
import { errorMessage } from '@/lib/errors';
import { useListSignInProvidersQuery, useStartProviderSignInMutation } from '../api/oidc-api';

/** A provider's mark where it is a known brand; a plain sign-in mark otherwise. */
export function ProviderIcon({ provider }: { provider: string }) {
  if (provider === 'google') return <GoogleIcon />;
  if (provider === 'facebook') return <FacebookIcon />;
  return <LogIn className="h-4 w-4" aria-hidden />;
}

export type ProviderSignInProps = {
  /** The sign-in form's Remember me: the session the provider opens lasts as the box says. */
  rememberMe: boolean;
};

/**
 * "Or continue with" and a button for each sign-in provider the server has configured; nothing
 * at all when it has none. A button sends the browser to the provider's own sign-in page.
 */
export function ProviderSignIn({ rememberMe }: ProviderSignInProps) {
  const t = useText();
  const providers = useListSignInProvidersQuery();
  const [start] = useStartProviderSignInMutation();
  const [leaving, setLeaving] = useState<string | null>(null);
  if (!providers.data?.length) return null;

  const signInWith = async (provider: OidcProviderDto) => {
    setLeaving(provider.id);
    const result = await start({ provider: provider.id, rememberMe });
    if ('error' in result) {
      setLeaving(null);
      toast({ variant: 'destructive', title: t('auth.provider.failed', { name: provider.name }), description: errorMessage(result.error, '') || undefined });
      return;
    }
    window.location.assign(result.data.url);
  };

  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t('auth.orContinueWith')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className={providers.data.length > 1 ? 'grid grid-cols-2 gap-3' : 'grid gap-3'}>
        {providers.data.map((provider) => (
          <Button key={provider.id} variant="outline" disabled={leaving !== null} onClick={() => void signInWith(provider)}>
            <ProviderIcon provider={provider.id} />
            {leaving === provider.id ? t('auth.provider.leaving', { name: provider.name }) : t('auth.provider.continueWith', { name: provider.name })}
          </Button>
        ))}
      </div>
    </>
  );
}
