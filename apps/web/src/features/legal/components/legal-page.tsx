import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SiteFooter } from '@/components/layout/site-footer';
import { Seo } from '@/components/seo';
import { useFormatLocale, useText } from '@/i18n/use-text';

/** updated: the day the page last changed, as YYYY-MM-DD. */
export type LegalPageProps = { title: string; description: string; updated: string; children: ReactNode };

/** Shared frame of the static legal pages: readable measure, headings styled once. */
export function LegalPage({ title, description, updated, children }: LegalPageProps) {
  const t = useText();
  // A calendar day, the same wherever the reader is.
  const date = new Intl.DateTimeFormat(useFormatLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(updated));
  return (
    <>
      <Seo title={title} description={description} />
      <main className="mx-auto max-w-3xl px-4 py-10">
        <nav aria-label={t('layout.legal.breadcrumb')} className="mb-4 text-sm text-muted-foreground">
          <Link to="/" className="hover:text-foreground">
            {t('layout.nav.home')}
          </Link>{' '}
          / {title}
        </nav>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('layout.legal.updated', { date })}</p>
        <article className="mt-8 space-y-4 leading-relaxed [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:text-foreground/90 [&_ul]:space-y-1">
          {children}
        </article>
      </main>
      <SiteFooter />
    </>
  );
}

export const LEGAL_UPDATED = '2025-01-15';
