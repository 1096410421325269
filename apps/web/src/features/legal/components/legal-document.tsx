import { ACCOUNT_DELETION_GRACE_DAYS } from '@app/contracts/browser';
import { TransNoContext } from '@lingui/react/server';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { APP_NAME, env } from '@/config/env';
import { i18n, type MessageId } from '@/i18n/i18n';
import { useText } from '@/i18n/use-text';
import type { LegalBlock, LegalDocument } from '../legal-copy';
import { LEGAL_UPDATED, LegalPage } from './legal-page';

const LINK = 'text-primary underline';

/** The values every legal message may name; a page adds its own (see LegalDocument). */
const VALUES = { app: APP_NAME, supportEmail: env.supportEmail, safetyEmail: env.safetyEmail, days: ACCOUNT_DELETION_GRACE_DAYS };

/** The elements behind the legal messages' numbered tags (see LegalDocument). */
const TAGS = {
  0: <strong />,
  1: <a className={LINK} href={`mailto:${env.supportEmail}`} />,
  2: <a className={LINK} href={`mailto:${env.safetyEmail}`} />,
  3: <Link to="/refund-policy" className={LINK} />,
  4: <Link to="/community-guidelines" className={LINK} />,
};

type Values = Record<string, unknown>;

function Words({ id, values }: { id: MessageId; values: Values }) {
  return <TransNoContext id={id} values={values} components={TAGS} lingui={{ i18n }} />;
}

function Block({ block, values }: { block: LegalBlock; values: Values }) {
  if ('h2' in block) return <h2><Words id={block.h2} values={values} /></h2>;
  if ('h3' in block) return <h3><Words id={block.h3} values={values} /></h3>;
  if ('p' in block) return <p><Words id={block.p} values={values} /></p>;
  if ('ul' in block) {
    return (
      <ul>
        {block.ul.map((id) => (
          <li key={id}>
            <Words id={id} values={values} />
          </li>
        ))}
      </ul>
    );
  }
  const [title, text] = block.note;
  return (
    <div className="rounded-lg border-2 border-red-300 bg-red-50 p-4 dark:bg-red-950/30" role="note">
      <h2 className="!mt-0">
        <Words id={title} values={values} />
      </h2>
      <p>
        <Words id={text} values={values} />
      </p>
    </div>
  );
}

export type LegalDocumentPageProps = { document: LegalDocument; values?: Values; children?: ReactNode };

/** A legal page drawn from its catalogue messages, in the language spoken; `children` follow the text. */
export function LegalDocumentPage({ document, values: own, children }: LegalDocumentPageProps) {
  const t = useText();
  const values = { ...VALUES, ...own };
  return (
    <LegalPage title={t(document.title)} description={t(document.description, values)} updated={LEGAL_UPDATED}>
      {document.blocks.map((block, index) => (
        <Block key={index} block={block} values={values} />
      ))}
      {children}
    </LegalPage>
  );
}
