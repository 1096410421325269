import searchEnglish from '@/i18n/catalogues/en/search.json';
import { addEnglish, t } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';

// The search screen speak through their catalogues (src/i18n/catalogues/*/search.json); the English comes
// with the code that shows it.
addEnglish(searchEnglish);

export const SEARCH_TEXT = spoken({
  title: 'search.title',
  description: 'search.description',
  label: 'search.label',
  placeholder: 'search.placeholder',
  submit: 'search.submit',
  authDescription: 'search.authDescription',
  searching: 'search.searching',
  failed: 'search.failed',
  empty: (q: string) => t('search.empty', { q }),
  results: 'search.results',
  older: 'search.older',
  privateChat: 'search.privateChat',
  open: (room: string) => t('search.open', { room }),
});
