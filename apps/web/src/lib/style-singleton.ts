import { useEffect } from 'react';

/**
 * react-style-singleton (the Vite build resolves it here), for a policy whose style-src has no
 * 'unsafe-inline': the scroll lock of Radix dialogs and menus (react-remove-scroll) adds its
 * rules as a constructed stylesheet, which the policy does not govern, instead of the inline
 * <style> element it would refuse. Same API and counting as the library.
 */
export function stylesheetSingleton() {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style: string) {
      if (counter === 0) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove() {
      counter--;
      if (!counter && sheet) {
        const added = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((each) => each !== added);
        sheet = null;
      }
    },
  };
}

export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // As the library: the rules are read once, unless the caller says they change.
    }, [styles && isDynamic]);
  };
}

export function styleSingleton() {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  };
}
