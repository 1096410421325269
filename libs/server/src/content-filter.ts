import { hasLink } from '@app/contracts';
import { remove as foldConfusables } from 'confusables';
import {
  asteriskCensorStrategy,
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  keepStartCensorStrategy,
  parseRawPattern,
  RegExpMatcher,
  TextCensor,
} from 'obscenity';

/**
 * The automatic content filter every service that stores public text uses: offensive words
 * (obscenity's English list, which sees through leetspeak, look-alike letters and repeated
 * characters, plus the operator's own words), links, and the form of a text that tricks
 * cannot change, for comparing two messages.
 */

/** The operator's extra words: letters, digits and spaces, separated by commas. */
export const EXTRA_WORDS_PATTERN = /^[\p{L}\p{N} ,]*$/u;

export function parseWordList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter((word) => word.length > 0);
}

// Format characters (zero-width spaces and joiners, soft hyphens, direction marks) and other
// code points a font draws as nothing: invisible to a reader, so they must not make texts differ.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * What a reader sees, reduced to compare texts: compatibility forms (fullwidth letters, ligatures)
 * folded by NFKC, invisible characters removed, look-alike letters of other scripts folded to
 * their Latin twins, case and spacing ignored.
 */
export function comparableText(text: string): string {
  return foldConfusables(visibleText(text)).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The text with compatibility forms folded and invisible characters removed. */
export function visibleText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '');
}

export class ContentFilter {
  private readonly matcher: RegExpMatcher;
  private readonly censor = new TextCensor().setStrategy(keepStartCensorStrategy(asteriskCensorStrategy()));
  constructor(extraWords: readonly string[] = []) {
    const dataset = new DataSet<{ originalWord: string }>().addAll(englishDataset);
    for (const word of extraWords) {
      // Whole words only: an operator's short word must not catch every longer word holding it.
      dataset.addPhrase((phrase) => phrase.setMetadata({ originalWord: word }).addPattern(parseRawPattern(`|${escapePattern(word)}|`)));
    }
    this.matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });
  }

  /**
   * Whether the text holds an offensive word, as typed or with invisible characters and
   * compatibility forms undone (the matcher itself resolves look-alike letters; folding whole
   * foreign words to Latin first would make false matches of innocent text).
   */
  isOffensive(text: string): boolean {
    return this.matcher.hasMatch(text) || this.matcher.hasMatch(visibleText(text));
  }

  /** The text with each offensive word masked after its first letter ("f***"). */
  mask(text: string): string {
    const matches = this.matcher.getAllMatches(text, true);
    return matches.length === 0 ? text : this.censor.applyTo(text, matches);
  }

  /** Whether the text carries a link: with a scheme, www., or a bare domain such as example.com. */
  hasLink(text: string): boolean {
    return hasLink(text) || hasLink(visibleText(text));
  }
}

/** obscenity's pattern syntax gives [ ] ? | \ a meaning; the allowed words hold none, but be sure. */
function escapePattern(word: string): string {
  return word.replace(/[[\]?|\\]/g, (c) => `\\${c}`);
}
