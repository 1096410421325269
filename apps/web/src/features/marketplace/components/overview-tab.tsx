import type { SellerProfileDto } from '@app/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { formatLocale } from '@/i18n/i18n';
import { formatRating } from '@/lib/format';
import { EDITOR_TEXT as T } from '../marketplace-copy';
import { callHours } from '../profile-form';
import { MARKETPLACE_CATEGORIES, sellerAvatar, type EditorTabProps } from '../types';
import { AboutFields } from './about-fields';
import { CategoryBadge } from './category-badge';
import { withCurrent } from './form-fields';

export type OverviewTabProps = EditorTabProps & { profile: SellerProfileDto };

/** The seller as buyers meet them: picture, name, category, bio and about me, and their figures. */
export function OverviewTab({ profile, shown, update, editing }: OverviewTabProps) {
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex items-center gap-4">
        <UserAvatar name={shown.displayName} src={sellerAvatar(profile)} className="h-20 w-20 text-2xl" />
        <div>
          <p className="text-lg font-semibold">{profile.displayName}</p>
          <CategoryBadge category={profile.category} />
        </div>
      </div>
      <AboutFields values={shown} onChange={update} readOnly={!editing} categories={withCurrent(MARKETPLACE_CATEGORIES, shown.category)} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="seller-stats">
        <Stat label={T.stats.rating} value={formatRating(profile.rating, formatLocale())} />
        <Stat label={T.stats.sessions} value={String(profile.totalSessions)} />
        <Stat label={T.stats.callTime} value={T.hours(callHours(profile))} />
        <Stat label={T.stats.ranking} value={profile.rankingScore.toFixed(1)} />
      </dl>
    </Card>
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
