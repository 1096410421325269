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
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { FEATURES, HOW_IT_WORKS, LANDING_TEXT, PLANS, SAFETY } from '../landing-strings';

export function HowItWorksSection() {
  return (
    <section id="how-it-works" className="mx-auto max-w-6xl px-4 py-14">
      <h2 className="text-2xl font-bold sm:text-3xl">{LANDING_TEXT.howTitle}</h2>
      <ol className="mt-8 grid gap-4 md:grid-cols-3">
        {HOW_IT_WORKS.map((step, index) => (
          <li key={step.title}>
            <Card className="h-full p-5">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{step.body}</p>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

const FEATURE_ICONS: LucideIcon[] = [Users, Store, Phone, Bot, ShieldCheck, Ban, Smartphone];

export function FeaturesSection() {
  return (
    <section id="features" className="bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-2xl font-bold sm:text-3xl">{LANDING_TEXT.featuresTitle}</h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature, index) => {
            const Icon = FEATURE_ICONS[index];
            return (
              <li key={feature.title}>
                <Card className="h-full p-5">
                  <Icon className="h-6 w-6 text-primary" aria-hidden />
                  <h3 className="mt-3 font-semibold">{feature.title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{feature.body}</p>
                </Card>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function SafetySection() {
  return (
    <section id="safety" className="mx-auto max-w-6xl px-4 py-14">
      <Card className="bg-gradient-to-br from-emerald-50 to-card p-6 sm:p-8 dark:from-emerald-950/30">
        <div>
          <h2 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
            <ShieldCheck className="h-7 w-7 text-emerald-600" aria-hidden /> {LANDING_TEXT.safetyTitle}
          </h2>
          <ul className="mt-6 space-y-3">
            {SAFETY.points.map((point) => (
              <li key={point} className="flex items-start gap-2 text-sm">
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden /> {point}
              </li>
            ))}
          </ul>
        </div>
      </Card>
    </section>
  );
}

export function PlansSection() {
  return (
    <section id="pricing" className="bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-2xl font-bold sm:text-3xl">{LANDING_TEXT.plansTitle}</h2>
        <p className="mt-2 text-muted-foreground">{LANDING_TEXT.plansSubtitle}</p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {PLANS.map((plan) => {
            const vip = plan.id === 'vip';
            return (
              <li key={plan.id}>
                <Card className={cn('flex h-full flex-col p-6', vip && 'border-2 border-yellow-400')}>
                  <h3 className="flex items-center gap-2 font-semibold">
                    {vip ? <Crown className="h-4 w-4 text-yellow-500" aria-hidden /> : null}
                    {plan.name}
                  </h3>
                  <p className="mt-2">
                    <span className="text-3xl font-bold">{plan.price}</span>
                    <span className="text-sm text-muted-foreground">{plan.period}</span>
                  </p>
                  <ul className="mt-4 flex-1 space-y-2 text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2">
                        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden /> {feature}
                      </li>
                    ))}
                  </ul>
                  <Button asChild className="mt-6" variant={vip ? 'default' : 'outline'}>
                    <Link to={plan.to}>{plan.cta}</Link>
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
