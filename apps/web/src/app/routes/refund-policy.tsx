import { APP_NAME, env } from '../../config/env';
import { useText } from '../../i18n/use-text';
import { LEGAL_UPDATED, LegalPage } from '../../features/legal/components/legal-page';

export function RefundPolicyScreen() {
  const t = useText();
  return (
    <LegalPage
      title={t('layout.legal.refund')}
      description={`When and how ${APP_NAME} refunds VIP membership and expert calls.`}
      updated={LEGAL_UPDATED}
    >
      <h2>1. VIP membership</h2>
      <ul>
        <li>7-day money-back guarantee: ask within 7 days of your first VIP payment for a full refund.</li>
        <li>Between day 8 and day 30 we consider partial refunds case by case.</li>
        <li>No refunds are given for VIP periods more than 30 days after payment.</li>
        <li>You can cancel anytime; cancelling stops the next renewal.</li>
      </ul>
      <h2>2. Expert calls</h2>
      <ul>
        <li>
          Seller no-show: if the expert does not join within 10 minutes of the agreed start, you receive a full refund for
          that call.
        </li>
        <li>
          Quality issues: report a dropped call, serious audio or video problems or a clearly off-topic session within 24
          hours of the call.
        </li>
        <li>We review each call refund request within 2 business days and may contact both sides.</li>
        <li>You may open a dispute about any call within 30 days of it; after 30 days calls are final.</li>
      </ul>
      <h2>3. How refunds are paid</h2>
      <p>
        Approved refunds go back to the original payment method. Processing takes 5-7 business days after approval,
        depending on your bank or provider.
      </p>
      <h2>4. Not refundable</h2>
      <ul>
        <li>Calls that took place as agreed where you simply changed your mind afterwards.</li>
        <li>Accounts suspended or terminated for breaking our terms or community guidelines.</li>
      </ul>
      <h2>5. Ask for a refund</h2>
      <p>
        Write to{' '}
        <a className="text-primary underline" href={`mailto:${env.supportEmail}`}>
          {env.supportEmail}
        </a>{' '}
        with your username, the date and, for calls, the expert&apos;s name.
      </p>
    </LegalPage>
  );
}
