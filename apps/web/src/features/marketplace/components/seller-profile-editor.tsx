import type { SellerProfileDto } from '@app/contracts';
import { ExternalLink, Pencil, Save, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useUpdateOwnSellerProfileMutation } from '../api/marketplace-api';
import { EDITOR_TEXT as T, SELLER_TOASTS } from '../marketplace-copy';
import { toChanges } from '../profile-form';
import type { SellerProfileChanges } from '../types';
import { MediaTab } from './media-tab';
import { OverviewTab } from './overview-tab';
import { PortfolioTab } from './portfolio-tab';
import { PricingTab } from './pricing-tab';
import { ProfessionalTab } from './professional-tab';
import { VerificationNotice } from './verification-notice';

export type SellerProfileEditorProps = { profile: SellerProfileDto };

/** The own seller profile, read-only until Edit Profile; Save sends every field, Cancel drops the changes. */
export function SellerProfileEditor({ profile }: SellerProfileEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<SellerProfileChanges>(() => toChanges(profile));
  const [save, { isLoading: saving }] = useUpdateOwnSellerProfileMutation();

  function update(changes: Partial<SellerProfileChanges>) {
    setDraft((current) => ({ ...current, ...changes }));
  }

  function set<K extends keyof SellerProfileChanges>(key: K, value: SellerProfileChanges[K]) {
    update({ [key]: value } as Partial<SellerProfileChanges>);
  }

  function startEditing() {
    setDraft(toChanges(profile));
    setEditing(true);
  }

  function cancel() {
    setDraft(toChanges(profile));
    setEditing(false);
  }

  async function submit() {
    try {
      await save(draft).unwrap();
      setEditing(false);
      toast(SELLER_TOASTS.profileSaved);
    } catch (failure) {
      toast({
        title: SELLER_TOASTS.profileSaveFailed.title,
        description: errorMessage(failure, SELLER_TOASTS.profileSaveFailed.fallback),
        variant: 'destructive',
      });
    }
  }

  const tab = { shown: editing ? draft : toChanges(profile), set, update, editing };

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{T.title}</h1>
          <p className="mt-1 text-muted-foreground">{T.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to={`/seller/${profile.id}`}>
              <ExternalLink className="h-4 w-4" aria-hidden /> {T.viewPublic}
            </Link>
          </Button>
          {editing ? (
            <>
              <Button variant="outline" size="sm" onClick={cancel} disabled={saving}>
                <X className="h-4 w-4" aria-hidden /> {T.cancel}
              </Button>
              <Button size="sm" onClick={() => void submit()} disabled={saving}>
                <Save className="h-4 w-4" aria-hidden /> {saving ? T.saving : T.save}
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={startEditing}>
              <Pencil className="h-4 w-4" aria-hidden /> {T.edit}
            </Button>
          )}
        </div>
      </div>

      <VerificationNotice profile={profile} className="mt-4" />

      <Tabs defaultValue="overview" className="mt-6">
        <TabsList wrap aria-label={T.tabsLabel}>
          <TabsTrigger value="overview">{T.tabs.overview}</TabsTrigger>
          <TabsTrigger value="professional">{T.tabs.professional}</TabsTrigger>
          <TabsTrigger value="pricing">{T.tabs.pricing}</TabsTrigger>
          <TabsTrigger value="portfolio">{T.tabs.portfolio}</TabsTrigger>
          <TabsTrigger value="media">{T.tabs.media}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab profile={profile} {...tab} />
        </TabsContent>
        <TabsContent value="professional">
          <ProfessionalTab {...tab} />
        </TabsContent>
        <TabsContent value="pricing">
          <PricingTab {...tab} />
        </TabsContent>
        <TabsContent value="portfolio">
          <PortfolioTab {...tab} />
        </TabsContent>
        <TabsContent value="media">
          <MediaTab {...tab} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
