import { MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { APP_NAME, env } from '@/config/env';
import type { MessageId } from '@/i18n/i18n';
import { useText } from '@/i18n/use-text';
import { FacebookIcon, InstagramIcon, XIcon } from '../brand-icons';
import { Button } from '../ui/button';
import { LanguageSwitcher } from './language-switcher';

const LEGAL_LINKS: ReadonlyArray<{ label: MessageId; to: string }> = [
  { label: 'layout.legal.privacy', to: '/privacy-policy' },
  { label: 'layout.legal.terms', to: '/terms-of-use' },
  { label: 'layout.legal.refund', to: '/refund-policy' },
  { label: 'layout.legal.cookies', to: '/cookie-policy' },
  { label: 'layout.legal.guidelines', to: '/community-guidelines' },
];

const PRODUCT_LINKS: ReadonlyArray<{ label: MessageId; href: string }> = [
  { label: 'layout.anchor.features', href: '/#features' },
  { label: 'layout.anchor.howItWorks', href: '/#how-it-works' },
  { label: 'layout.anchor.safety', href: '/#safety' },
  { label: 'layout.anchor.pricing', href: '/#pricing' },
];

export function SiteFooter() {
  const t = useText();
  // Brand names, the same in every language.
  const social = [
    { label: 'Twitter', href: env.socialLinks.twitter, icon: XIcon },
    { label: 'Instagram', href: env.socialLinks.instagram, icon: InstagramIcon },
    { label: 'Facebook', href: env.socialLinks.facebook, icon: FacebookIcon },
  ];
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div className="sm:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold">
            <MessageCircle className="h-5 w-5 text-primary" aria-hidden /> {APP_NAME}
          </p>
          <p className="mt-2 max-w-sm text-sm text-muted-foreground">{t('layout.footer.tagline')}</p>
          <div className="mt-4 flex gap-2">
            {social.map(({ label, href, icon: Icon }) => (
              <Button key={label} asChild variant="outline" size="icon" aria-label={label}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  <Icon />
                </a>
              </Button>
            ))}
          </div>
          <div className="mt-4">
            <LanguageSwitcher />
          </div>
        </div>
        <nav aria-label={t('layout.footer.product')}>
          <h2 className="text-sm font-semibold">{t('layout.footer.product')}</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            {PRODUCT_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="hover:text-foreground">
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('layout.footer.legal')}>
          <h2 className="text-sm font-semibold">{t('layout.footer.legal')}</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-foreground">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">{t('layout.footer.rights', { year: String(new Date().getFullYear()), appName: APP_NAME })}</p>
    </footer>
  );
}
