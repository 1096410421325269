import { MENTIONS_PER_MESSAGE_MAX, mentionedUsernames, mentionQueryAt, mentionTokens } from './mentions';
import { typingText } from './typing.frames';

describe('mentionTokens', () => {
  it('finds @names after a space, punctuation or the start, lower-cased, with where they are', () => {
    expect(mentionTokens('@Ana, ask (@bo_2) and @cyd!')).toEqual([
      { username: 'ana', start: 0, end: 4 },
      { username: 'bo_2', start: 11, end: 16 },
      { username: 'cyd', start: 22, end: 26 },
    ]);
  });

  it('leaves out e-mail addresses, names too short or too long, and a bare @', () => {
    expect(mentionTokens('mail ana@example.com, @ab, @ all, @abcdefghijklmnopqrstu')).toEqual([]);
  });
});

describe('mentionedUsernames', () => {
  it('names each person once, first ones first, and at most the limit', () => {
    expect(mentionedUsernames('@bob @ann @BOB')).toEqual(['bob', 'ann']);
    const many = Array.from({ length: MENTIONS_PER_MESSAGE_MAX + 5 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedUsernames(many)).toHaveLength(MENTIONS_PER_MESSAGE_MAX);
  });
});

describe('mentionQueryAt', () => {
  it('reads the @word being typed before the caret, and nothing elsewhere', () => {
    expect(mentionQueryAt('hi @An', 6)).toEqual({ start: 3, query: 'an' });
    expect(mentionQueryAt('hi @', 4)).toEqual({ start: 3, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('hi @ann there', 13)).toBeNull();
  });
});

describe('typingText', () => {
  it('names up to three people, then says several', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Ana'])).toBe('Ana is typing…');
    expect(typingText(['Ana', 'Bo'])).toBe('Ana and Bo are typing…');
    expect(typingText(['Ana', 'Bo', 'Cy'])).toBe('Ana, Bo and Cy are typing…');
    expect(typingText(['Ana', 'Bo', 'Cy', 'Di'])).toBe('Several people are typing…');
  });
});
