import type { MessageDto, UserSummary } from '@app/contracts';
import { removeMessage, replaceMessage } from '../feed';
import type { RoomFeed } from '../types';
import { makeMessage } from './fixtures';

const ana: UserSummary = { id: 1, username: 'ana', avatar: null, role: 'user' };
const bo: UserSummary = { id: 2, username: 'bo', avatar: null, role: 'user' };

function feedWithReply(): { feed: RoomFeed; original: MessageDto } {
  const original = makeMessage(1, ana, { content: 'first\nsecond' });
  const reply = makeMessage(2, bo, { content: 'yes', replyTo: { id: original.id, seq: 1, sender: ana, type: 'text', text: 'first' } });
  return { feed: { room: null, messages: [original, reply], notices: [], onlineUsers: [], joined: true, error: null }, original };
}

describe('a reply’s quote follows its original', () => {
  it('shows the first line of an edit', () => {
    const { feed, original } = feedWithReply();
    replaceMessage(feed, { ...original, content: '\nnew words\nmore', editedAt: new Date().toISOString() });
    expect(feed.messages[1].replyTo).toMatchObject({ text: 'new words', type: 'text' });
  });

  it('shows a removal by its sender or a moderator', () => {
    const { feed, original } = feedWithReply();
    removeMessage(feed, original.id, 'moderator');
    expect(feed.messages[1].replyTo).toMatchObject({ text: '', removedBy: 'moderator' });
  });
});
