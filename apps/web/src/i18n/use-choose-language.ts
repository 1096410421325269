import type { Language } from '@app/contracts';
import { useDispatch } from 'react-redux';
import { languageChosen, switchLanguage } from './i18n';

/** Speaks the language someone picked, remembers it in this browser, and (the account listener) saves it for a signed-in person. */
export function useChooseLanguage(): (language: Language) => void {
  const dispatch = useDispatch();
  return (language) => {
    void switchLanguage(language, { remember: true });
    dispatch(languageChosen(language));
  };
}
