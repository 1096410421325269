import { DELETED_USER_NAME } from '@app/contracts/browser';
import { switchLanguage } from '@/i18n/i18n';
import { shownName } from '../shown-name';

describe('shownName', () => {
  afterEach(() => switchLanguage('en'));

  it('shows a name as its person chose it, in any language', async () => {
    expect(shownName('asha_k')).toBe('asha_k');
    await switchLanguage('hi');
    expect(shownName('asha_k')).toBe('asha_k');
  });

  it('says an erased account’s placeholder in the reader’s language', async () => {
    expect(shownName(DELETED_USER_NAME)).toBe('Deleted user');
    await switchLanguage('hi');
    expect(shownName(DELETED_USER_NAME)).toBe('मिटाया गया खाता');
  });
});
