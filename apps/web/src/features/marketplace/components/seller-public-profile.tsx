import type { CallType, SellerDto } from '@app/contracts';
import type { ReactNode } from 'react';
import { ArrowLeft, BadgeCheck, Briefcase, Clock, Globe2, Languages, MessageCircle, Phone, ShieldAlert, Star, Video } from 'lucide-react';
import { Link } from 'wouter';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Picture } from '@/components/ui/picture';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BlockButton } from '@/features/safety/components/block-button';
import { MARKETPLACE_TEXT, SELLER_PAGE_TEXT as T } from '../marketplace-copy';
import { useStartSellerChat } from '../hooks/use-start-seller-chat';
import { sellerStatus } from '../seller-status';
import { displayPrices, formatPrice, sellerAvatar, sellerName } from '../types';
import { CategoryBadge } from './category-badge';
import { CountryFlag } from './country-flag';
import { SellerReviews } from './seller-reviews';
import { StatusBadge } from './status-badge';

/** What other features add to a seller's page; the page's route composes them (app/routes/seller.tsx). */
export type SellerPageActions = {
  /** The header's call buttons. */
  calls: ReactNode;
  /** One kind of call's button, on its service card. */
  callButton: (callType: CallType) => ReactNode;
  /** Reporting the seller. */
  report: ReactNode;
};

export type SellerPublicProfileProps = { seller: SellerDto; actions: SellerPageActions };

export function SellerPublicProfile({ seller, actions }: SellerPublicProfileProps) {
  const name = sellerName(seller);
  const prices = displayPrices(seller);
  const { start, isStarting } = useStartSellerChat();
  const { notAccepting } = sellerStatus(seller);

  return (
    <div>
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
        <Link to="/marketplace">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {T.back}
        </Link>
      </Button>

      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          {seller.isVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-700 dark:bg-blue-950/50 dark:text-blue-300" data-testid="verification-badge">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden /> {T.verified}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-950/50 dark:text-amber-300" data-testid="verification-badge">
              <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> {T.unverified}
            </span>
          )}
          <CategoryBadge category={seller.category} />
          <StatusBadge seller={seller} />
        </div>

        <div className="mt-4 flex flex-col gap-5 sm:flex-row">
          <UserAvatar name={name} src={sellerAvatar(seller)} className="h-24 w-24 text-3xl" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold break-words sm:text-3xl">{name}</h1>
            <p className="mt-1 text-muted-foreground">{seller.bio}</p>
            <p className="mt-2 flex items-center gap-1 text-sm" data-testid="seller-rating">
              <Star className="h-4 w-4 fill-yellow-400 text-yellow-400" aria-hidden />
              <span className="font-semibold">{seller.rating.toFixed(1)}</span>
              <span className="text-muted-foreground">({MARKETPLACE_TEXT.reviews(seller.reviewCount)})</span>
            </p>
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              <div className="flex items-start gap-2">
                <Briefcase className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                <dt className="sr-only">{T.experience}</dt>
                <dd>{seller.experience}</dd>
              </div>
              <div className="flex items-start gap-2">
                <Languages className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                <dt className="sr-only">{T.languages}</dt>
                <dd>{seller.languages.join(', ')}</dd>
              </div>
              <div className="flex items-start gap-2">
                <Clock className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                <dt className="sr-only">{T.responds}</dt>
                <dd>
                  {T.responds} {seller.responseTime}
                </dd>
              </div>
              <div className="flex items-start gap-2">
                <Globe2 className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                <dt className="sr-only">{T.timeZone}</dt>
                <dd>{seller.timeZone}</dd>
              </div>
            </dl>
          </div>
        </div>

        <div className="mt-5 flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-xs text-muted-foreground">{T.startingFrom}</p>
            <p className="flex items-center gap-2">
              <span className="text-2xl font-bold" data-testid="starting-price">
                {formatPrice(prices.audio)}
              </span>
              <span className="text-muted-foreground">{T.perMinute}</span>
              <span className="ml-1 inline-flex items-center gap-1.5 rounded border px-1.5 py-0.5 text-xs" data-testid="price-currency">
                <CountryFlag currency={prices.audio.currency} /> {prices.audio.currency}
              </span>
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button size="lg" onClick={() => void start(seller)} disabled={isStarting} className="w-full sm:w-auto">
              <MessageCircle className="h-5 w-5" aria-hidden />
              {isStarting ? T.starting : `${T.startChat} · ${formatPrice(prices.audio)}${T.perMinute}`}
            </Button>
            {actions.calls}
          </div>
        </div>
        {notAccepting ? <p className="mt-2 text-xs text-muted-foreground">{T.notAcceptingCalls}</p> : null}
        <div className="mt-2 flex flex-wrap justify-end">
          {actions.report}
          <BlockButton person={{ id: seller.userId, username: name }} />
        </div>
      </Card>

      <Tabs defaultValue="about" className="mt-6">
        <TabsList className="overflow-x-auto">
          <TabsTrigger value="about">{T.tabs.about}</TabsTrigger>
          <TabsTrigger value="services">{T.tabs.services}</TabsTrigger>
          <TabsTrigger value="media">{T.tabs.media}</TabsTrigger>
          <TabsTrigger value="reviews">{T.tabs.reviews}</TabsTrigger>
        </TabsList>

        <TabsContent value="about">
          <Card className="space-y-5 p-5">
            {seller.introVideo ? (
              <section>
                <h2 className="mb-2 font-semibold">{T.introVideo}</h2>
                <video src={seller.introVideo} controls preload="metadata" className="aspect-video w-full rounded-lg bg-black" data-testid="intro-video" />
              </section>
            ) : null}
            <section>
              <h2 className="mb-2 font-semibold">{T.aboutMe}</h2>
              <p className="whitespace-pre-line text-sm text-muted-foreground">{seller.aboutMe || seller.bio || T.noDescription}</p>
            </section>
            {seller.specialties.length ? (
              <section>
                <h2 className="mb-2 font-semibold">{T.specialties}</h2>
                <ul className="flex flex-wrap gap-2">
                  {seller.specialties.map((item) => (
                    <li key={item} className="rounded-full bg-muted px-3 py-1 text-sm">
                      {item}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </Card>
        </TabsContent>

        <TabsContent value="services">
          <div className="grid gap-4 sm:grid-cols-2">
            <ServiceCard
              icon={<Phone className="h-5 w-5" aria-hidden />}
              tint="bg-green-100 text-green-700 dark:bg-green-950/50"
              title={T.audioCall}
              hint={T.audioCallHint}
              price={formatPrice(prices.audio)}
              button={actions.callButton('audio')}
            />
            <ServiceCard
              icon={<Video className="h-5 w-5" aria-hidden />}
              tint="bg-blue-100 text-blue-700 dark:bg-blue-950/50"
              title={T.videoCall}
              hint={T.videoCallHint}
              price={formatPrice(prices.video)}
              button={actions.callButton('video')}
            />
          </div>
          {seller.services.length ? (
            <Card className="mt-4 p-5">
              <h2 className="mb-2 font-semibold">{T.whatIOffer}</h2>
              <ul className="list-inside list-disc space-y-1 text-sm text-muted-foreground">
                {seller.services.map((service) => (
                  <li key={service}>{service}</li>
                ))}
              </ul>
            </Card>
          ) : null}
        </TabsContent>

        <TabsContent value="media">
          {seller.profileMedia.length ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {seller.profileMedia.map((url) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border">
                    <Picture src={url} loading="lazy" className="aspect-square w-full object-cover" />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{T.noMedia}</p>
          )}
        </TabsContent>

        <TabsContent value="reviews">
          <SellerReviews seller={seller} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

type ServiceCardProps = { icon: ReactNode; tint: string; title: string; hint: string; price: string; button: ReactNode };

/** One kind of call on the Services tab: what it is, its price a minute, and its button. */
function ServiceCard({ icon, tint, title, hint, price, button }: ServiceCardProps) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className={`flex h-11 w-11 items-center justify-center rounded-full ${tint}`}>{icon}</span>
      <div className="flex-1">
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <div className="flex flex-col items-end gap-2">
        <p className="font-bold">
          {price}
          <span className="text-sm font-normal text-muted-foreground">{T.perMinute}</span>
        </p>
        {button}
      </div>
    </Card>
  );
}
