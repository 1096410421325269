import type { UserDto } from '@app/contracts';
import { ChatMessages } from '@app/contracts/browser';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderWithStore } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { startUploadServer, type UploadServer } from '@/test/upload-server';
import { VipDialog } from '@/features/vip/components/vip-dialog';
import { VIP_TEXT } from '@/features/vip/vip-copy';
import { Composer } from '../components/composer';
import { VoiceNote } from '../components/voice-note';
import { VOICE_TEXT } from '../chat-copy';
import { makeMessage, makeRoom } from './fixtures';
import { goLive, standInForSends } from './send-stand-in';

/**
 * jsdom has no microphone: a stand-in MediaRecorder and getUserMedia that behave as Chromium's
 * do (the recorder hands over its data, then fires stop). The real ones are driven by the
 * browser test.
 */
class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: MediaStream, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array(64)], { type: this.mimeType }) });
    this.onstop?.();
  }
}

let server: TestServer;
let uploads: UploadServer;
let sent: Array<Record<string, unknown>>;
let microphone: { stop: jest.Mock };
let getUserMedia: jest.Mock;

beforeEach(async () => {
  server = await startTestServer();
  uploads = await startUploadServer();
  sent = [];
  uploads.on('POST /api/chat/voice', ({ files: [file] }) => {
    const stored = { url: '/media/voice/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.webm', originalName: file.name, type: 'audio', size: file.size, format: 'webm', durationMs: 4200 };
    return { body: { url: stored.url, file: stored, files: [stored] } };
  });
  microphone = { stop: jest.fn() };
  getUserMedia = jest.fn(async () => ({ getTracks: () => [microphone] }));
  Object.assign(window, { MediaRecorder: FakeRecorder });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  URL.createObjectURL = jest.fn(() => 'blob:recording');
  URL.revokeObjectURL = jest.fn();
});

afterEach(async () => {
  jest.useRealTimers();
  await Promise.all([server.close(), uploads.close()]);
});

async function renderComposer(me: UserDto) {
  server.on('GET /api/users/me', () => ({ body: me }));
  const { store } = renderWithStore(
    <>
      <Composer room={makeRoom()} me={me} disabled={false} />
      <VipDialog />
    </>,
  );
  // The gateway's part: sends arrive on the socket, each stored and acknowledged.
  sent = standInForSends(store, me).sent;
  const mic = screen.getByRole('button', { name: VOICE_TEXT.record });
  // The microphone button knows the role once the signed-in user has loaded.
  await waitFor(() => expect(mic).toHaveAttribute('title', me.role === 'user' ? VOICE_TEXT.locked : VOICE_TEXT.record));
  await goLive(store, makeRoom());
  return mic;
}

it('records, shows the running time, uploads and sends a voice message with the length the server read', async () => {
  const user = userEvent.setup();
  const mic = await renderComposer(makeUser({ role: 'vip' }));
  await user.click(mic);
  const dialog = await screen.findByRole('dialog', { name: VOICE_TEXT.title });
  expect(await within(dialog).findByRole('timer', { name: VOICE_TEXT.recording })).toHaveTextContent('0:00 / 2:00');
  expect(getUserMedia).toHaveBeenCalledWith({ audio: true });

  await user.click(within(dialog).getByRole('button', { name: VOICE_TEXT.send }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ type: 'voice', content: '/media/voice/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.webm', metadata: { durationMs: 4200 } });
  expect(uploads.uploads[0].files[0]).toMatchObject({ name: 'voice-note.webm', type: 'audio/webm' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(microphone.stop).toHaveBeenCalled();
});

it('stops by itself at 2:00 and keeps the recording to send or drop', async () => {
  // Network callbacks keep running on real ticks; only the clocks the recorder reads are fake.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const mic = await renderComposer(makeUser({ role: 'seller' }));
  await user.click(mic);
  const dialog = await screen.findByRole('dialog', { name: VOICE_TEXT.title });
  await within(dialog).findByRole('timer', { name: VOICE_TEXT.recording });
  act(() => jest.advanceTimersByTime(61_000));
  expect(within(dialog).getByRole('timer')).toHaveTextContent('1:01 / 2:00');
  act(() => jest.advanceTimersByTime(60_000));

  expect(within(dialog).getByText(VOICE_TEXT.stoppedAtLimit)).toBeInTheDocument();
  expect(within(dialog).getByRole('timer', { name: VOICE_TEXT.recorded })).toHaveTextContent('2:00 / 2:00');
  expect(microphone.stop).toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: VOICE_TEXT.cancel }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sent).toEqual([]);
});

it('explains a blocked microphone and offers to try again', async () => {
  getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
  const user = userEvent.setup();
  await user.click(await renderComposer(makeUser({ role: 'moderator' })));
  const dialog = await screen.findByRole('dialog', { name: VOICE_TEXT.title });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(VOICE_TEXT.denied);
  await user.click(within(dialog).getByRole('button', { name: VOICE_TEXT.retry }));
  expect(await within(dialog).findByRole('timer', { name: VOICE_TEXT.recording })).toBeInTheDocument();
});

it("names the server's refusal, sends nothing, and sends on a second try", async () => {
  let refuse = true;
  uploads.on('POST /api/chat/voice', ({ files: [file] }) => {
    if (refuse) return { status: 400, body: { error: 'Bad Request', code: 'validation_failed', message: 'Voice notes can be at most 2 minutes long' } };
    const stored = { url: '/media/voice/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.webm', originalName: file.name, type: 'audio', size: file.size, format: 'webm', durationMs: 1500 };
    return { body: { url: stored.url, file: stored, files: [stored] } };
  });
  const user = userEvent.setup();
  await user.click(await renderComposer(makeUser({ role: 'vip' })));
  const dialog = await screen.findByRole('dialog', { name: VOICE_TEXT.title });
  await within(dialog).findByRole('timer', { name: VOICE_TEXT.recording });
  await user.click(within(dialog).getByRole('button', { name: VOICE_TEXT.stop }));
  expect(await within(dialog).findByText(VOICE_TEXT.recorded)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: VOICE_TEXT.send }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Voice notes can be at most 2 minutes long');
  expect(sent).toEqual([]);

  refuse = false;
  await user.click(within(dialog).getByRole('button', { name: VOICE_TEXT.retry }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ type: 'voice', metadata: { durationMs: 1500 } });
});

it('offers VIP to a regular user instead of the microphone', async () => {
  const user = userEvent.setup();
  const mic = await renderComposer(makeUser({ role: 'user' }));
  await user.click(mic);
  expect(await screen.findByRole('dialog', { name: VIP_TEXT.title })).toBeInTheDocument();
  expect(getUserMedia).not.toHaveBeenCalled();
  expect(ChatMessages.VoicePremium).toBe(VOICE_TEXT.locked);
});

it('plays a voice message inline with its length', () => {
  const sender = { id: 2, username: 'bob', avatar: null, role: 'vip' as const };
  const message = makeMessage(1, sender, { type: 'voice', content: '/media/voice/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.webm', metadata: { durationMs: 42_000 } });
  const { container } = render(<VoiceNote message={message} mine={false} />);
  const audio = container.querySelector('audio');
  expect(audio).toHaveAttribute('src', message.content);
  expect(audio).toHaveAttribute('controls');
  expect(screen.getByText(VOICE_TEXT.player('0:42'))).toBeInTheDocument();
});
