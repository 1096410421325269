import legalEnglish from '../../i18n/catalogues/en/legal.json';
import { addEnglish } from '../../i18n/i18n';
import { spoken } from '../../i18n/spoken';

// The legal pages' own controls speak through their catalogues (src/i18n/catalogues/*/legal.json);
// the English comes with the code that shows it.
addEnglish(legalEnglish);

export const COOKIE_TEXT = spoken({
  title: 'legal.cookies.title',
  categories: {
    essential: 'legal.cookies.essential',
    analytics: 'legal.cookies.analytics',
    marketing: 'legal.cookies.marketing',
    preferences: 'legal.cookies.preferences',
  },
  hints: {
    essential: 'legal.cookies.essentialHint',
    analytics: 'legal.cookies.analyticsHint',
    marketing: 'legal.cookies.marketingHint',
    preferences: 'legal.cookies.preferencesHint',
  },
  saved: 'legal.cookies.saved',
  savedHint: 'legal.cookies.savedHint',
  save: 'legal.cookies.save',
});
