import { readsAsConversation } from './chat.preview';

describe('the landing preview’s rule', () => {
  it.each([
    'Has anyone tried the new hiking trail by the lake?',
    'Good morning everyone, how was your weekend?',
    'Career tip: update your CV before you need it.',
    'Je cherche un bon livre à lire cet été',
  ])('shows conversation: %s', (text) => {
    expect(readsAsConversation(text)).toBe(true);
  });

  it.each([
    ['too short', 'hi there'],
    ['too few words', 'Supercalifragilistic'],
    ['bare numbers', '12345 67890 11111'],
    ['numbers with a word', 'room 12 42 9000 7'],
    ['test traffic', 'Load test message 17 from sender 3'],
    ['test words with digits', 'hello world ping42 again'],
    ['keyboard mash', 'asdf asdf jkl; qwer'],
    ['lorem ipsum', 'Lorem ipsum dolor sit amet'],
    ['one character held down', 'heyyyyy what is up'],
    ['one word over and over', 'hello hello hello friend'],
    ['symbols', '!!! ??? ... *** ### @@@'],
  ])('leaves out %s', (_reason, text) => {
    expect(readsAsConversation(text)).toBe(false);
  });
});
