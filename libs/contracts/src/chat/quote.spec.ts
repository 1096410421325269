import { QUOTE_MAX, quoteLine } from './quote';

describe('quoteLine', () => {
  it('quotes the first non-blank line', () => {
    expect(quoteLine('\n  first words \nsecond')).toBe('first words');
  });

  it('cuts a long line to QUOTE_MAX characters', () => {
    const quoted = quoteLine('x'.repeat(QUOTE_MAX + 20));
    expect(quoted).toHaveLength(QUOTE_MAX);
    expect(quoted.endsWith('…')).toBe(true);
  });
});
