import type { SellerProfileDto, UploadResponseDto } from '@app/contracts';
import { ExternalLink, ImagePlus, Pencil, Plus, Save, Trash2, Upload, X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Picture } from '../../../components/ui/picture';
import { Input, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/errors';
import { checkFile } from '../../media/upload-rules';
import { sendUpload } from '../../media/api/upload-request';
import { useUpdateOwnSellerProfileMutation } from '../api/marketplace-api';
import {
  EDITOR_AVAILABILITY,
  EDITOR_TEXT as T,
  PRICE_BOUNDS,
  RESPONSE_TIME_OPTIONS,
  SELLER_LANGUAGE_OPTIONS,
  SELLER_TOASTS,
  SOCIAL_LINK_FIELDS,
  TIME_ZONE_OPTIONS,
  WEEK_DAY_OPTIONS,
  WIZARD_TEXT,
} from '../copy';
import { callHours, toChanges } from '../profile-form';
import { MARKETPLACE_CATEGORIES, sellerAvatar, type SellerProfileChanges } from '../types';
import { CategoryBadge } from './category-badge';
import { Field, SELECT_CLASS, TagInput, ToggleGroup } from './form-fields';
import { VerificationNotice } from './verification-notice';

export type SellerProfileEditorProps = { profile: SellerProfileDto };

/** Options of a select, keeping a stored value the list no longer offers so it is not lost on save. */
function withCurrent<T extends { id: string; title: string }>(options: readonly T[], current: string): { id: string; title: string }[] {
  return options.some((o) => o.id === current) ? [...options] : [{ id: current, title: current }, ...options];
}

export function SellerProfileEditor({ profile }: SellerProfileEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<SellerProfileChanges>(() => toChanges(profile));
  const [save, { isLoading: saving }] = useUpdateOwnSellerProfileMutation();
  const ro = !editing;

  function set<K extends keyof SellerProfileChanges>(key: K, value: SellerProfileChanges[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
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

  function addPortfolioItem() {
    const title = window.prompt(T.portfolioTitlePrompt)?.trim();
    if (!title) return;
    const description = window.prompt(T.portfolioDescriptionPrompt)?.trim() ?? '';
    set('portfolioItems', [...draft.portfolioItems, { title, description, images: [] }]);
  }

  const shown = editing ? draft : toChanges(profile);

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
        <TabsList className="overflow-x-auto">
          <TabsTrigger value="overview">{T.tabs.overview}</TabsTrigger>
          <TabsTrigger value="professional">{T.tabs.professional}</TabsTrigger>
          <TabsTrigger value="pricing">{T.tabs.pricing}</TabsTrigger>
          <TabsTrigger value="portfolio">{T.tabs.portfolio}</TabsTrigger>
          <TabsTrigger value="media">{T.tabs.media}</TabsTrigger>
        </TabsList>

        <TabsContent value="overview">
          <Card className="space-y-4 p-4 sm:p-6">
            <div className="flex items-center gap-4">
              <UserAvatar name={shown.displayName} src={sellerAvatar(profile)} className="h-20 w-20 text-2xl" />
              <div>
                <p className="text-lg font-semibold">{profile.displayName}</p>
                <CategoryBadge category={profile.category} />
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={WIZARD_TEXT.displayName}>
                {(c) => <Input {...c} readOnly={ro} value={shown.displayName} maxLength={60} onChange={(e) => set('displayName', e.target.value)} />}
              </Field>
              <Field label={WIZARD_TEXT.category}>
                {(c) => (
                  <select {...c} disabled={ro} className={SELECT_CLASS} value={shown.category} onChange={(e) => set('category', e.target.value)}>
                    {withCurrent(MARKETPLACE_CATEGORIES, shown.category).map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.title}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <Field label={WIZARD_TEXT.bio}>
              {(c) => <Textarea {...c} readOnly={ro} value={shown.bio} maxLength={520} onChange={(e) => set('bio', e.target.value)} />}
            </Field>
            <Field label={WIZARD_TEXT.aboutMe}>
              {(c) => <Textarea {...c} readOnly={ro} className="min-h-36" value={shown.aboutMe} maxLength={2020} onChange={(e) => set('aboutMe', e.target.value)} />}
            </Field>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="seller-stats">
              <Stat label={T.stats.rating} value={`${profile.rating.toFixed(1)}/5`} />
              <Stat label={T.stats.sessions} value={String(profile.totalSessions)} />
              <Stat label={T.stats.callTime} value={T.hours(callHours(profile))} />
              <Stat label={T.stats.ranking} value={profile.rankingScore.toFixed(1)} />
            </dl>
          </Card>
        </TabsContent>

        <TabsContent value="professional">
          <Card className="space-y-4 p-4 sm:p-6">
            <Field label={WIZARD_TEXT.experience}>
              {(c) => <Input {...c} readOnly={ro} value={shown.experience} maxLength={200} onChange={(e) => set('experience', e.target.value)} />}
            </Field>
            <Field label={WIZARD_TEXT.education}>
              {(c) => <Textarea {...c} readOnly={ro} value={shown.education} onChange={(e) => set('education', e.target.value)} />}
            </Field>
            <Field label={WIZARD_TEXT.workHistory}>
              {(c) => <Textarea {...c} readOnly={ro} value={shown.workHistory} onChange={(e) => set('workHistory', e.target.value)} />}
            </Field>
            <ToggleGroup
              label={WIZARD_TEXT.languages}
              options={ro ? shown.languages : SELLER_LANGUAGE_OPTIONS}
              selected={shown.languages}
              onChange={(value) => set('languages', value)}
              disabled={ro}
            />
            <TagInput label={WIZARD_TEXT.services} tags={shown.services} onChange={(v) => set('services', v)} disabled={ro} placeholder={T.addTagHint} removeLabel={T.removeTag} />
            <TagInput label={WIZARD_TEXT.specialties} tags={shown.specialties} onChange={(v) => set('specialties', v)} disabled={ro} placeholder={T.addTagHint} removeLabel={T.removeTag} />
          </Card>
        </TabsContent>

        <TabsContent value="pricing">
          <Card className="space-y-4 p-4 sm:p-6">
            <h2 className="font-semibold">{T.rates}</h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={T.audioRate}>
                {(c) => (
                  <Input
                    {...c}
                    readOnly={ro}
                    type="number"
                    inputMode="decimal"
                    min={PRICE_BOUNDS.audio.min}
                    max={PRICE_BOUNDS.audio.max}
                    step={PRICE_BOUNDS.step}
                    value={Number.isNaN(shown.pricing.audio.price) ? '' : shown.pricing.audio.price}
                    onChange={(e) => set('pricing', { ...draft.pricing, audio: { price: e.target.valueAsNumber, currency: 'USD' } })}
                  />
                )}
              </Field>
              <Field label={T.videoRate}>
                {(c) => (
                  <Input
                    {...c}
                    readOnly={ro}
                    type="number"
                    inputMode="decimal"
                    min={PRICE_BOUNDS.video.min}
                    max={PRICE_BOUNDS.video.max}
                    step={PRICE_BOUNDS.step}
                    value={Number.isNaN(shown.pricing.video.price) ? '' : shown.pricing.video.price}
                    onChange={(e) => set('pricing', { ...draft.pricing, video: { price: e.target.valueAsNumber, currency: 'USD' } })}
                  />
                )}
              </Field>
            </div>
            <label className="flex items-center justify-between gap-3 rounded-md border p-3">
              <span className="text-sm font-medium">{WIZARD_TEXT.acceptsCalls}</span>
              <Switch checked={shown.acceptsCalls} disabled={ro} onCheckedChange={(v) => set('acceptsCalls', v)} aria-label={WIZARD_TEXT.acceptsCalls} />
            </label>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label={WIZARD_TEXT.callAvailability}>
                {(c) => (
                  <select {...c} disabled={ro} className={SELECT_CLASS} value={shown.callAvailability} onChange={(e) => set('callAvailability', e.target.value)}>
                    {withCurrent(EDITOR_AVAILABILITY, shown.callAvailability).map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.title}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={WIZARD_TEXT.timeZone}>
                {(c) => (
                  <select {...c} disabled={ro} className={SELECT_CLASS} value={shown.timeZone} onChange={(e) => set('timeZone', e.target.value)}>
                    {TIME_ZONE_OPTIONS.map((zone) => (
                      <option key={zone} value={zone}>
                        {zone}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={WIZARD_TEXT.responseTime}>
                {(c) => (
                  <select {...c} disabled={ro} className={SELECT_CLASS} value={shown.responseTime} onChange={(e) => set('responseTime', e.target.value)}>
                    {RESPONSE_TIME_OPTIONS.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <h2 className="pt-2 font-semibold">{WIZARD_TEXT.socialLinks}</h2>
            <div className="grid gap-3 sm:grid-cols-2">
              {SOCIAL_LINK_FIELDS.map((link) => (
                <Field key={link.id} label={link.label}>
                  {(c) => (
                    <Input
                      {...c}
                      readOnly={ro}
                      type="url"
                      placeholder={link.placeholder}
                      value={shown.socialMediaLinks[link.id] ?? ''}
                      onChange={(e) => set('socialMediaLinks', { ...draft.socialMediaLinks, [link.id]: e.target.value })}
                    />
                  )}
                </Field>
              ))}
            </div>
          </Card>
        </TabsContent>

        <TabsContent value="portfolio">
          <Card className="space-y-4 p-4 sm:p-6">
            <TagInput label={T.certifications} tags={shown.certifications} onChange={(v) => set('certifications', v)} disabled={ro} placeholder={T.addTagHint} removeLabel={T.removeTag} />
            <TagInput label={T.achievements} tags={shown.achievements} onChange={(v) => set('achievements', v)} disabled={ro} placeholder={T.addTagHint} removeLabel={T.removeTag} />
            <div>
              <h2 className="mb-2 text-sm font-medium">{WIZARD_TEXT.portfolio}</h2>
              {shown.portfolioItems.length ? (
                <ul className="space-y-2">
                  {shown.portfolioItems.map((item, index) => (
                    <li key={`${item.title}-${index}`} className="flex items-start justify-between gap-3 rounded-md border p-3" data-testid="portfolio-item">
                      <div className="min-w-0">
                        <p className="font-medium break-words">{item.title}</p>
                        <p className="text-sm break-words text-muted-foreground">{item.description}</p>
                      </div>
                      {editing ? (
                        <Button variant="ghost" size="icon" aria-label={`${WIZARD_TEXT.remove} ${item.title}`} onClick={() => set('portfolioItems', draft.portfolioItems.filter((_, i) => i !== index))}>
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">{T.noPortfolio}</p>
              )}
              {editing ? (
                <Button variant="outline" size="sm" className="mt-3" onClick={addPortfolioItem}>
                  <Plus className="h-4 w-4" aria-hidden /> {T.addPortfolio}
                </Button>
              ) : null}
            </div>
          </Card>
        </TabsContent>

        <TabsContent value="media">
          <Card className="space-y-6 p-4 sm:p-6">
            <section>
              <h2 className="mb-2 text-sm font-medium">{T.introVideo}</h2>
              {shown.introVideo ? (
                <video src={shown.introVideo} controls preload="metadata" className="aspect-video w-full max-w-xl rounded-lg bg-black" />
              ) : (
                <p className="text-sm text-muted-foreground">{T.noIntroVideo}</p>
              )}
              {editing ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  <UploadButton purpose="intro" label={T.uploadVideo} accept="video/mp4,video/webm,video/quicktime" onUploaded={(url) => set('introVideo', url)} />
                  {draft.introVideo ? (
                    <Button variant="ghost" size="sm" onClick={() => set('introVideo', null)}>
                      <Trash2 className="h-4 w-4" aria-hidden /> {T.removeVideo}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </section>
            <section>
              <h2 className="mb-2 text-sm font-medium">{T.gallery}</h2>
              {shown.profileMedia.length ? (
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {shown.profileMedia.map((url) => (
                    <li key={url} className="relative">
                      <Picture src={url} className="aspect-square w-full rounded-md border object-cover" />
                      {editing ? (
                        <button
                          type="button"
                          aria-label={T.removeImage}
                          onClick={() => set('profileMedia', draft.profileMedia.filter((u) => u !== url))}
                          className="absolute top-1 right-1 rounded-full bg-black/60 p-1 text-white focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          <X className="h-4 w-4" aria-hidden />
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">{T.noGallery}</p>
              )}
              {editing ? (
                <div className="mt-2">
                  <UploadButton purpose="gallery" label={T.uploadImage} accept="image/png,image/jpeg,image/gif,image/webp" icon={<ImagePlus className="h-4 w-4" aria-hidden />} onUploaded={(url) => set('profileMedia', [...draft.profileMedia, url])} />
                </div>
              ) : null}
            </section>
            <section className="space-y-3">
              <h2 className="text-sm font-medium">{T.workingHours}</h2>
              <div className="grid max-w-sm grid-cols-2 gap-3">
                <Field label={WIZARD_TEXT.start}>
                  {(c) => <Input {...c} readOnly={ro} type="time" value={shown.workingHours.start} onChange={(e) => set('workingHours', { ...draft.workingHours, start: e.target.value })} />}
                </Field>
                <Field label={WIZARD_TEXT.end}>
                  {(c) => <Input {...c} readOnly={ro} type="time" value={shown.workingHours.end} onChange={(e) => set('workingHours', { ...draft.workingHours, end: e.target.value })} />}
                </Field>
              </div>
              <ToggleGroup
                label={WIZARD_TEXT.days}
                options={WEEK_DAY_OPTIONS}
                selected={shown.workingHours.days}
                onChange={(days) => set('workingHours', { ...draft.workingHours, days })}
                disabled={ro}
              />
            </section>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-muted p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}

type UploadButtonProps = {
  purpose: 'intro' | 'gallery';
  label: string;
  accept: string;
  icon?: ReactNode;
  onUploaded: (url: string) => void;
};

function UploadButton({ purpose, label, accept, icon, onUploaded }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    const problem = checkFile(file, purpose);
    if (problem) {
      toast({ title: T.uploadFailed, description: problem, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const answer = await sendUpload<UploadResponseDto>({ path: `upload?purpose=${purpose}`, field: 'file', files: [file] });
      onUploaded(answer.url);
      toast(T.uploadSuccess);
    } catch (failure) {
      const message = failure instanceof Error && failure.message ? failure.message : T.uploadFallback;
      toast({ title: T.uploadFailed, description: message, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Button variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
        {icon ?? <Upload className="h-4 w-4" aria-hidden />} {uploading ? T.uploading : label}
      </Button>
    </>
  );
}
