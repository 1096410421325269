import {
  Ban,
  Bot,
  CheckCircle2,
  Crown,
  Phone,
  ShieldCheck,
  Smartphone,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { VIP_MONTHLY_PRICE_USD } from '@app/contracts/browser';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { MessageId } from '@/i18n/i18n';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';

const HOW_IT_WORKS: ReadonlyArray<{ title: MessageId; body: MessageId }> = [
  { title: 'landing.how.join.title', body: 'landing.how.join.body' },
  { title: 'landing.how.find.title', body: 'landing.how.find.body' },
  { title: 'landing.how.talk.title', body: 'landing.how.talk.body' },
];

export function HowItWorksSection() {
  const t = useText();
  return (
    <section id="how-it-works" className="mx-auto max-w-6xl px-4 py-14">
      <h2 className="text-2xl font-bold sm:text-3xl">{t('landing.how.title')}</h2>
      <ol className="mt-8 grid gap-4 md:grid-cols-3">
        {HOW_IT_WORKS.map((step, index) => (
          <li key={step.title}>
            <Card className="h-full p-5">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{t(step.title)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(step.body)}</p>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

const FEATURES: ReadonlyArray<{ title: MessageId; body: MessageId; icon: LucideIcon }> = [
  { title: 'landing.features.rooms.title', body: 'landing.features.rooms.body', icon: Users },
  { title: 'landing.features.marketplace.title', body: 'landing.features.marketplace.body', icon: Store },
  { title: 'landing.features.calls.title', body: 'landing.features.calls.body', icon: Phone },
  { title: 'landing.features.antiBot.title', body: 'landing.features.antiBot.body', icon: Bot },
  { title: 'landing.features.moderation.title', body: 'landing.features.moderation.body', icon: ShieldCheck },
  { title: 'landing.features.reportBlock.title', body: 'landing.features.reportBlock.body', icon: Ban },
  { title: 'landing.features.mobile.title', body: 'landing.features.mobile.body', icon: Smartphone },
];

export function FeaturesSection() {
  const t = useText();
  return (
    <section id="features" className="bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-2xl font-bold sm:text-3xl">{t('landing.features.title')}</h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, body, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full p-5">
                <Icon className="h-6 w-6 text-primary" aria-hidden />
                <h3 className="mt-3 font-semibold">{t(title)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(body)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** What the product does, as its code does it (chat-svc's content filter and send limits, the moderators' desk). */
const SAFETY_POINTS: ReadonlyArray<MessageId> = [
  'landing.safety.experts',
  'landing.safety.filters',
  'landing.safety.moderators',
  'landing.safety.tools',
  'landing.safety.verification',
];

export function SafetySection() {
  const t = useText();
  return (
    <section id="safety" className="mx-auto max-w-6xl px-4 py-14">
      <Card className="bg-gradient-to-br from-emerald-50 to-card p-6 sm:p-8 dark:from-emerald-950/30">
        <div>
          <h2 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
            <ShieldCheck className="h-7 w-7 text-emerald-600" aria-hidden /> {t('landing.safety.title')}
          </h2>
          <ul className="mt-6 space-y-3">
            {SAFETY_POINTS.map((point) => (
              <li key={point} className="flex items-start gap-2 text-sm">
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden /> {t(point)}
              </li>
            ))}
          </ul>
        </div>
      </Card>
    </section>
  );
}

interface Plan {
  id: 'guest' | 'regular' | 'vip';
  name: MessageId;
  /** Free when absent. */
  monthlyUsd?: number;
  features: ReadonlyArray<MessageId>;
  cta: MessageId;
  to: string;
}

const PLANS: ReadonlyArray<Plan> = [
  {
    id: 'guest',
    name: 'landing.plans.guest.name',
    features: ['landing.plans.guest.read', 'landing.plans.guest.browse', 'landing.plans.guest.noSignUp'],
    cta: 'landing.plans.guest.cta',
    to: '/public-rooms',
  },
  {
    id: 'regular',
    name: 'landing.plans.regular.name',
    features: ['landing.plans.regular.send', 'landing.plans.regular.private', 'landing.plans.regular.experts'],
    cta: 'landing.plans.regular.cta',
    to: '/auth',
  },
  {
    id: 'vip',
    name: 'landing.plans.vip.name',
    monthlyUsd: VIP_MONTHLY_PRICE_USD,
    features: ['landing.plans.vip.unlimited', 'landing.plans.vip.media', 'landing.plans.vip.calls', 'landing.plans.vip.rooms', 'landing.plans.vip.guarantee'],
    cta: 'landing.plans.vip.cta',
    to: '/auth',
  },
];

export function PlansSection() {
  const t = useText();
  const locale = useFormatLocale();
  return (
    <section id="pricing" className="bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-2xl font-bold sm:text-3xl">{t('landing.plans.title')}</h2>
        <p className="mt-2 text-muted-foreground">{t('landing.plans.subtitle')}</p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {PLANS.map((plan) => {
            const vip = plan.id === 'vip';
            return (
              <li key={plan.id}>
                <Card className={cn('flex h-full flex-col p-6', vip && 'border-2 border-yellow-400')}>
                  <h3 className="flex items-center gap-2 font-semibold">
                    {vip ? <Crown className="h-4 w-4 text-yellow-500" aria-hidden /> : null}
                    {t(plan.name)}
                  </h3>
                  <p className="mt-2">
                    <span className="text-3xl font-bold">{plan.monthlyUsd ? formatMoney(plan.monthlyUsd, 'USD', locale) : t('landing.plans.free')}</span>
                    {plan.monthlyUsd ? <span className="text-sm text-muted-foreground">{t('landing.plans.perMonth')}</span> : null}
                  </p>
                  <ul className="mt-4 flex-1 space-y-2 text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2">
                        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden /> {t(feature)}
                      </li>
                    ))}
                  </ul>
                  <Button asChild className="mt-6" variant={vip ? 'default' : 'outline'}>
                    <Link to={plan.to}>{t(plan.cta)}</Link>
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
