import { TransNoContext } from '@lingui/react/server';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PLATFORM_COMMISSION_PERCENT } from '@app/contracts/browser';
import { APP_NAME, env } from '../../../config/env';
import { i18n, type MessageId } from '../../../i18n/i18n';
import { useText } from '../../../i18n/use-text';
import { VIP_PRICE } from '../../vip/vip-strings';
import type { LegalBlock, LegalDocument } from '../legal-strings';
import { LEGAL_UPDATED, LegalPage } from './legal-page';

const LINK = 'text-primary underline';

/** The values every legal message may name (see LegalDocument). */
const VALUES = { app: APP_NAME, supportEmail: env.supportEmail, safetyEmail: env.safetyEmail, price: VIP_PRICE.amount, percent: PLATFORM_COMMISSION_PERCENT };

/** The elements behind the legal messages' numbered tags (see LegalDocument). */
const TAGS = {
  0: <strong />,
  1: <a className={LINK} href={`mailto:${env.supportEmail}`} />,
  2: <a className={LINK} href={`mailto:${env.safetyEmail}`} />,
  3: <Link to="/refund-policy" className={LINK} />,
  4: <Link to="/community-guidelines" className={LINK} />,
};

function Words({ id }: { id: MessageId }) {
  return <TransNoContext id={id} values={VALUES} components={TAGS} lingui={{ i18n }} />;
}

function Block({ block }: { block: LegalBlock }) {
  if ('h2' in block) return <h2><Words id={block.h2} /></h2>;
  if ('h3' in block) return <h3><Words id={block.h3} /></h3>;
  if ('p' in block) return <p><Words id={block.p} /></p>;
  if ('ul' in block) {
    return (
      <ul>
        {block.ul.map((id) => (
          <li key={id}>
            <Words id={id} />
          </li>
        ))}
      </ul>
    );
  }
  const [title, text] = block.note;
  return (
    <div className="rounded-lg border-2 border-red-300 bg-red-50 p-4 dark:bg-red-950/30" role="note">
      <h2 className="!mt-0">
        <Words id={title} />
      </h2>
      <p>
        <Words id={text} />
      </p>
    </div>
  );
}

/** A legal page drawn from its catalogue messages, in the language spoken; `children` follow the text. */
export function LegalDocumentPage({ document, children }: { document: LegalDocument; children?: ReactNode }) {
  const t = useText();
  return (
    <LegalPage title={t(document.title)} description={t(document.description, VALUES)} updated={LEGAL_UPDATED}>
      {document.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {children}
    </LegalPage>
  );
}
