import { MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { APP_NAME, env } from '../../config/env';
import { FacebookIcon, InstagramIcon, XIcon } from '../brand-icons';
import { Button } from '../ui/button';

export const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Use', to: '/terms-of-use' },
  { label: 'Refund Policy', to: '/refund-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Community Guidelines', to: '/community-guidelines' },
] as const;

const PRODUCT_LINKS = [
  { label: 'Features', href: '/#features' },
  { label: 'How It Works', href: '/#how-it-works' },
  { label: 'Safety', href: '/#safety' },
  { label: 'Pricing', href: '/#pricing' },
] as const;

export function SiteFooter() {
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
          <p className="mt-2 max-w-sm text-sm text-muted-foreground">
            Free public chat rooms, private chats and calls with verified experts.
          </p>
          <div className="mt-4 flex gap-2">
            {social.map(({ label, href, icon: Icon }) => (
              <Button key={label} asChild variant="outline" size="icon" aria-label={label}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  <Icon />
                </a>
              </Button>
            ))}
          </div>
        </div>
        <nav aria-label="Product">
          <h2 className="text-sm font-semibold">Product</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            {PRODUCT_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="hover:text-foreground">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold">Legal</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-foreground">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">
        &copy; {new Date().getFullYear()} {APP_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
