import { APP_NAME, env } from '../../config/env';
import { useText } from '../../i18n/use-text';
import { LEGAL_UPDATED, LegalPage } from '../../features/legal/components/legal-page';

export function PrivacyPolicyScreen() {
  const t = useText();
  return (
    <LegalPage
      title={t('layout.legal.privacy')}
      description={`How ${APP_NAME} collects, uses, shares and protects your personal information.`}
      updated={LEGAL_UPDATED}
    >
      <p>
        This policy explains what personal information {APP_NAME} collects when you use our chat rooms, private chats,
        VIP membership and expert marketplace, why we collect it, and the choices you have.
      </p>
      <h2>1. Information we collect</h2>
      <ul>
        <li>Account information: username, email address, password (stored only as a one-way hash), avatar and bio.</li>
        <li>Guest sessions: a generated or chosen username and a short-lived session.</li>
        <li>Content: messages, images and other media you send in rooms and private chats, reports you file.</li>
        <li>Expert applications: display name, professional details, pricing, availability and media you upload.</li>
        <li>Call records: who called whom, when, for how long and the amount billed.</li>
        <li>Technical data: IP address, browser type, device information and approximate country for currency display.</li>
        <li>Preferences: your settings and, on your device, your cookie choices.</li>
      </ul>
      <h2>2. How we use it</h2>
      <ul>
        <li>To run your account, keep you signed in and deliver your messages.</li>
        <li>To protect the community: anti-bot checks, rate limits, moderation, and handling reports and blocks.</li>
        <li>To operate the marketplace: showing expert profiles, connecting calls and keeping billing records.</li>
        <li>To answer support requests and send important service notices.</li>
        <li>To understand and improve the product, where you allowed analytics cookies.</li>
      </ul>
      <h2>3. Sharing</h2>
      <p>
        We do not sell your personal information. We share it only with service providers who host and operate the
        service for us under confidentiality obligations, with the other participants of a conversation (who see what
        you post), and with authorities where the law requires it or to protect someone&apos;s safety.
      </p>
      <h2>4. Public and private content</h2>
      <p>
        Messages in public rooms can be read by anyone in the room, including guests. Private chats are visible only to
        their participants and, when a report is made, to our moderators.
      </p>
      <h2>5. Retention</h2>
      <p>
        We keep account data while your account exists. Messages and call records are kept as long as needed to provide
        the service, resolve disputes and meet legal obligations. Guest sessions expire automatically.
      </p>
      <h2>6. Security</h2>
      <p>
        Passwords are hashed with a modern algorithm, sessions use secure http-only cookies, and access to personal data
        is limited to staff who need it. No system is perfectly secure; tell us at once if you suspect misuse.
      </p>
      <h2>7. Your rights</h2>
      <p>
        You may access, correct or delete your information, object to or restrict some uses, and ask for a copy of your
        data. You can edit your profile and settings at any time; for anything else write to{' '}
        <a className="text-primary underline" href={`mailto:${env.supportEmail}`}>
          {env.supportEmail}
        </a>
        .
      </p>
      <h2>8. Children</h2>
      <p>{APP_NAME} is for people aged 18 and over. We do not knowingly collect information from minors.</p>
      <h2>9. Changes</h2>
      <p>We will post any change to this policy on this page and, for important changes, notify you in the product.</p>
    </LegalPage>
  );
}
