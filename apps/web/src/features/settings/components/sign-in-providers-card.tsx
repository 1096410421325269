import type { LinkedIdentityDto, OidcProviderDto } from '@app/contracts';
import { Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { LoadFailed } from '@/components/load-failed';
import { toast } from '@/components/ui/toast-store';
import { useHash } from '@/hooks/use-hash';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { errorMessage, errorStatus } from '@/lib/errors';
import { useListSignInProvidersQuery } from '@/features/auth/api/oidc-api';
import { ProviderIcon } from '@/features/auth/components/provider-sign-in';
import { useLinkIdentityMutation, useListIdentitiesQuery, useUnlinkIdentityMutation } from '../api/identities-api';

/**
 * Settings' "Sign-in providers": the providers linked to the account, each removable (never the
 * last way in), and a button to link each configured provider not linked yet. Hidden when the
 * server has none configured and none is linked.
 */
export function SignInProvidersCard() {
  const t = useText();
  const providers = useListSignInProvidersQuery();
  const identities = useListIdentitiesQuery();
  useLinkedNotice(providers.data);
  const linked = identities.data ?? [];
  const linkable = (providers.data ?? []).filter((provider) => !linked.some((identity) => identity.provider === provider.id));
  if (!providers.data?.length && !linked.length) return null;

  return (
    <SectionCard titleId="sign-in-providers-title" title={t('settings.providers.title')} icon={Link2} description={t('settings.providers.description')}>
      {identities.isError ? (
        <LoadFailed className="mt-3" message={t('settings.providers.loadFailed')} retryLabel={t('settings.passkeys.retry')} onRetry={() => void identities.refetch()} />
      ) : linked.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{identities.isLoading ? t('settings.providers.loading') : t('settings.providers.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y" aria-label={t('settings.providers.listTitle')}>
          {linked.map((identity) => (
            <IdentityRow key={identity.id} identity={identity} />
          ))}
        </ul>
      )}
      {linkable.length > 0 ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {linkable.map((provider) => (
            <LinkProvider key={provider.id} provider={provider} />
          ))}
        </div>
      ) : null}
    </SectionCard>
  );
}

/** Back from the provider with #linked=<id>: said once, and the fragment cleared. */
function useLinkedNotice(providers: OidcProviderDto[] | undefined) {
  const t = useText();
  const hash = useHash();
  const linked = new URLSearchParams(hash.replace(/^#/, '')).get('linked');
  useEffect(() => {
    if (!linked || !providers) return;
    const name = providers.find((provider) => provider.id === linked)?.name ?? linked;
    toast({ title: t('settings.providers.linked', { name }) });
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [linked, providers, t]);
}

function IdentityRow({ identity }: { identity: LinkedIdentityDto }) {
  const t = useText();
  const locale = useFormatLocale();
  const [unlink, { isLoading }] = useUnlinkIdentityMutation();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(identity.linkedAt));

  const remove = async () => {
    const result = await unlink(identity.id);
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: t('settings.providers.removeFailed'),
        description: errorStatus(result.error) === 409 ? t('settings.providers.lastWayIn') : errorMessage(result.error, '') || undefined,
      });
      return;
    }
    toast({ title: t('settings.providers.removed', { name: identity.providerName }) });
  };

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-testid="linked-provider">
      <span className="hidden shrink-0 sm:block">
        <ProviderIcon provider={identity.provider} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{identity.providerName}</p>
        <p className="truncate text-xs text-muted-foreground">
          {identity.email ? `${identity.email} · ` : ''}
          {t('settings.providers.linkedOn', { date })}
        </p>
      </div>
      <Button size="sm" variant="outline" disabled={isLoading} aria-label={t('settings.providers.removeLabel', { name: identity.providerName })} onClick={() => void remove()}>
        {t('settings.providers.remove')}
      </Button>
    </li>
  );
}

function LinkProvider({ provider }: { provider: OidcProviderDto }) {
  const t = useText();
  const [link] = useLinkIdentityMutation();
  const [leaving, setLeaving] = useState(false);
  const start = async () => {
    setLeaving(true);
    const result = await link(provider.id);
    if ('error' in result) {
      setLeaving(false);
      toast({ variant: 'destructive', title: t('settings.providers.linkFailed', { name: provider.name }), description: errorMessage(result.error, '') || undefined });
      return;
    }
    window.location.assign(result.data.url);
  };
  return (
    <Button variant="outline" disabled={leaving} onClick={() => void start()}>
      <ProviderIcon provider={provider.id} />
      {t('settings.providers.link', { name: provider.name })}
    </Button>
  );
}
