import type { ReactNode } from 'react';
import { Seo } from '@/components/seo';
import { Card } from '@/components/ui/card';

export type AccountMailCardProps = { title: string; subtitle?: string; children: ReactNode };

/** The small centred card the account mail screens share. */
export function AccountMailCard({ title, subtitle, children }: AccountMailCardProps) {
  return (
    <main className="px-4 py-8 sm:py-12">
      <Seo title={title} />
      <Card className="mx-auto w-full max-w-md p-5 sm:p-6">
        <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
        <div className="mt-5">{children}</div>
      </Card>
    </main>
  );
}
