import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-5000', 100, { start: 50, end: 99 }],
  ])('reads %s of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });

  it.each([['bytes=100-'], ['bytes=100-200'], ['bytes=-0']])('finds %s unsatisfiable for 100 bytes', (header) => {
    expect(parseByteRange(header, 100)).toBe('unsatisfiable');
  });

  it.each([[undefined], ['bytes=0-1,5-6'], ['items=0-1'], ['bytes=9-2'], ['bytes=-']])('serves everything for %s', (header) => {
    expect(parseByteRange(header, 100)).toBeNull();
  });
});
