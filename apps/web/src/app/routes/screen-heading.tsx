import type { ReactNode } from 'react';
import { Seo } from '@/components/seo';

export type ScreenHeadingProps = { title: string; description?: string; children?: ReactNode };

/** A screen's title in the page and in the document head. */
export function ScreenHeading({ title, description, children }: ScreenHeadingProps) {
  return (
    <header className="mb-6">
      <Seo title={title} description={description} />
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
      {children}
    </header>
  );
}
