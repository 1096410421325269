import { APP_NAME, env } from '../../config/env';
import { useText } from '../../i18n/use-text';
import { LEGAL_UPDATED, LegalPage } from '../../features/legal/components/legal-page';

export function CommunityGuidelinesScreen() {
  const t = useText();
  return (
    <LegalPage
      title={t('layout.legal.guidelines')}
      description={`How we treat each other on ${APP_NAME}: values, rules per category, reporting and consequences.`}
      updated={LEGAL_UPDATED}
    >
      <p>{APP_NAME} is a place to meet people and get help. These guidelines keep it safe and welcoming for everyone.</p>
      <h2>1. Our core values</h2>
      <ul>
        <li><strong>Respect and kindness:</strong> treat everyone as you would like to be treated.</li>
        <li><strong>Authenticity:</strong> be yourself; do not impersonate others or mislead people.</li>
        <li><strong>Safety first:</strong> protect your own and others&apos; wellbeing and privacy.</li>
      </ul>
      <h2>2. Encouraged</h2>
      <ul>
        <li>Welcoming newcomers and helping others find their way.</li>
        <li>Constructive, on-topic conversation and honest reviews of experts.</li>
        <li>Reporting behaviour that breaks these guidelines.</li>
      </ul>
      <h2>3. Prohibited</h2>
      <ul>
        <li><strong>Harassment:</strong> bullying, threats, hate speech, stalking or unwanted sexual advances.</li>
        <li><strong>Inappropriate content:</strong> sexual content in public rooms, violence, self-harm promotion, illegal content.</li>
        <li>
          <strong>Platform abuse:</strong> spam, bots, scams, multiple accounts to dodge limits, and circumventing payment or
          fees, such as asking to be paid outside the platform.
        </li>
      </ul>
      <h2>4. Rules by category</h2>
      <h3>Dating</h3>
      <ul>
        <li>Be honest about who you are; no catfishing or fake photos.</li>
        <li>Respect a no; never pressure anyone for personal details, photos or meetings.</li>
      </ul>
      <h3>Career</h3>
      <ul>
        <li>Experts must represent their qualifications and experience truthfully.</li>
        <li>No job scams, pyramid schemes or requests for upfront fees outside the platform.</li>
      </ul>
      <h3>Emotional support</h3>
      <ul>
        <li>Listen without judgement and keep what people share confidential.</li>
        <li>Support is not a substitute for professional care; point people in crisis to emergency help.</li>
      </ul>
      <h2>5. Reporting</h2>
      <p>
        Use the report button on any message or profile, or write to{' '}
        <a className="text-primary underline" href={`mailto:${env.safetyEmail}`}>
          {env.safetyEmail}
        </a>
        . Our moderation team reviews reports within 24 hours.
      </p>
      <p>
        An automatic filter masks offensive words in public rooms for everyone, and refuses them in usernames, room names and
        descriptions, and experts' names and bios. Regular members can share at most two links in public rooms every ten
        minutes.
      </p>
      <p>
        You can block anyone from a message, the online list, a private chat or an expert's profile: they can no longer start a
        private chat with you or call you, an existing chat becomes read-only, and you stop seeing their messages and their
        arrivals and departures in public rooms. They are not told. Moderators cannot be blocked, so they can always reach
        everyone; if a moderator treats you badly, report them.
      </p>
      <h2>6. Consequences</h2>
      <ul>
        <li><strong>First offence:</strong> a warning.</li>
        <li><strong>Repeated violations:</strong> suspension for 1-30 days.</li>
        <li><strong>Serious violations:</strong> permanent termination of the account.</li>
        <li><strong>Illegal activity:</strong> reported to law enforcement.</li>
      </ul>
      <h2>7. Appeals</h2>
      <p>
        If you believe a decision was wrong, contact support at{' '}
        <a className="text-primary underline" href={`mailto:${env.supportEmail}`}>
          {env.supportEmail}
        </a>{' '}
        and explain why. A different moderator will review it.
      </p>
      <div className="rounded-lg border-2 border-red-300 bg-red-50 p-4 dark:bg-red-950/30" role="note">
        <h2 className="!mt-0">In crisis?</h2>
        <p>
          If you or someone you know is thinking about suicide or self-harm, call or text <strong>988</strong> (Suicide &amp;
          Crisis Lifeline) or your local emergency number now.
        </p>
      </div>
    </LegalPage>
  );
}
