import { formatDistanceToNowStrict } from 'date-fns';
import timeEnglish from '../i18n/catalogues/en/time.json';
import { addEnglish, t } from '../i18n/i18n';

// A module of its own: date-fns and these words come with it, and only the lists that show these times need it.
addEnglish(timeEnglish);
/** Spec: lists show relative times as m, h or d ago (in English; the time catalogue words them in each language). */
export function shortAgo(timestamp: string, now = Date.now()): string {
  const distance = formatDistanceToNowStrict(new Date(Math.min(Date.parse(timestamp), now)), { roundingMethod: 'floor' });
  const [value, unit] = distance.split(' ');
  if (unit.startsWith('second')) return t('time.ago.now');
  if (unit.startsWith('minute')) return t('time.ago.minutes', { n: value });
  if (unit.startsWith('hour')) return t('time.ago.hours', { n: value });
  const days = Math.floor((now - Date.parse(timestamp)) / 86_400_000);
  return t('time.ago.days', { n: days });
}
