import { DELETED_USER_NAME } from '@app/contracts/browser';
import { t } from '../i18n/i18n';

/**
 * A person's name as the page shows it. An erased account's name is the server's placeholder
 * ("Deleted user", which no username can be: usernames have no spaces), said in the reader's
 * language; every other name as its person chose it.
 */
export function shownName(username: string): string {
  return username === DELETED_USER_NAME ? t('layout.deletedUser') : username;
}
