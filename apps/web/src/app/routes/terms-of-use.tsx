import { Link } from 'wouter';
import { PLATFORM_COMMISSION_PERCENT } from '@app/contracts/browser';
import { APP_NAME, env } from '../../config/env';
import { useText } from '../../i18n/use-text';
import { LEGAL_UPDATED, LegalPage } from '../../features/legal/components/legal-page';
import { VIP_PRICE } from '../../features/vip/vip-strings';

export function TermsOfUseScreen() {
  const t = useText();
  return (
    <LegalPage
      title={t('layout.legal.terms')}
      description={`The rules for using ${APP_NAME}: accounts, roles, VIP membership, the expert marketplace and conduct.`}
      updated={LEGAL_UPDATED}
    >
      <p>
        By using {APP_NAME} you agree to these terms. If you do not agree, please do not use the service. You must be at
        least 18 years old.
      </p>
      <h2>1. Accounts</h2>
      <p>
        Keep your password secret and your details accurate. You are responsible for what happens under your account. We
        may suspend accounts that break these terms.
      </p>
      <h2>2. Roles and what they may do</h2>
      <ul>
        <li>
          <strong>Guests</strong> have read-only access: they can read public rooms and browse expert profiles, but cannot
          send messages.
        </li>
        <li>
          <strong>Regular users</strong> can send text messages in public rooms, subject to rate limits (a cooldown between
          messages), and hold private chats.
        </li>
        <li>
          <strong>VIP members</strong> get unlimited messaging, images, GIFs and other media, and audio and video calls.
        </li>
        <li>
          <strong>Sellers</strong> are verified experts who offer paid audio and video consultations in the marketplace.
        </li>
        <li>
          <strong>Moderators</strong> oversee the community, review reports and enforce these terms and the community
          guidelines.
        </li>
      </ul>
      <h2>3. VIP membership</h2>
      <p>
        VIP membership costs {VIP_PRICE.amount} per {VIP_PRICE.period}. You can cancel anytime, and a 7-day money-back guarantee applies as described
        in our <Link to="/refund-policy" className="text-primary underline">Refund Policy</Link>. VIP purchases are
        arranged through our business contact; payment is not taken inside the product.
      </p>
      <h2>4. The expert marketplace</h2>
      <p>
        Experts set their own per-minute prices for audio and video calls. {APP_NAME} takes a {PLATFORM_COMMISSION_PERCENT}% platform commission on
        every seller transaction. Experts must describe their qualifications truthfully and may not ask buyers to pay
        outside the platform. Advice given by experts is theirs, not ours, and does not replace professional medical,
        legal or financial help.
      </p>
      <h2>5. Conduct</h2>
      <p>
        You must follow our <Link to="/community-guidelines" className="text-primary underline">Community Guidelines</Link>.
        No harassment, hate speech, sexual content involving minors, spam, scams, impersonation, or attempts to get around
        payments, fees, rate limits or security checks.
      </p>
      <h2>6. Your content</h2>
      <p>
        You keep the rights to what you post and give us a licence to host, show and transmit it to run the service. We
        may remove content that breaks these terms.
      </p>
      <h2>7. Termination</h2>
      <p>
        You may stop using {APP_NAME} at any time. We may suspend or end access for violations, as set out in the
        community guidelines.
      </p>
      <h2>8. Disclaimers and liability</h2>
      <p>
        The service is provided as is. To the extent the law allows, we are not liable for indirect losses or for what
        other users or experts say or do.
      </p>
      <h2>9. Contact</h2>
      <p>
        Questions about these terms:{' '}
        <a className="text-primary underline" href={`mailto:${env.supportEmail}`}>
          {env.supportEmail}
        </a>
        .
      </p>
    </LegalPage>
  );
}
