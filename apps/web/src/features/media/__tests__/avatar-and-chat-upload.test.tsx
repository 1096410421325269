import type { UploadedFileDto, UserDto } from '@app/contracts';
import { UploadMessages } from '@app/contracts/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { PROFILE_TEXT } from '@/features/profile/profile-copy';
import { uploadChatImage } from '../api/upload-chat-image';
import { UploadError } from '../api/upload-request';
import { MEDIA_TEXT } from '../media-copy';
import { startUploadServer, type UploadServer } from '@/test/upload-server';

let api: TestServer;
let uploads: UploadServer;
let me: UserDto;

URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => undefined;

function file(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

function stored(url: string, format: string): UploadedFileDto {
  return { url, originalName: url.split('/').pop() ?? '', type: 'image', size: 900, format };
}

beforeEach(async () => {
  api = await startTestServer();
  uploads = await startUploadServer();
  me = makeUser();
  api.on('GET /api/users/me', () => ({ body: me }));
});

afterEach(async () => {
  await uploads.close();
  await api.close();
});

describe('Profile avatar upload', () => {
  it('uploads a photo as an avatar and saves it on the profile', async () => {
    const user = userEvent.setup();
    uploads.on('POST /api/upload', () => {
      const answer = stored('/media/avatar/new-face.png', 'png');
      return { body: { url: answer.url, file: answer } };
    });
    api.on('PATCH /api/users/me', ({ body }) => {
      me = { ...me, ...(body as Partial<UserDto>) };
      return { body: me };
    });
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: PROFILE_TEXT.edit }));
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
    await user.upload(input as HTMLInputElement, file('face.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: MEDIA_TEXT.upload }));

    await waitFor(() => expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ avatar: '/media/avatar/new-face.png' }));
    expect(uploads.uploads[0].query.get('purpose')).toBe('avatar');
    expect(uploads.uploads[0].files[0]).toMatchObject({ field: 'file', name: 'face.png' });
    // The form holds the new avatar, so saving other edits keeps it.
    await waitFor(() => expect(screen.getByLabelText(PROFILE_TEXT.avatar)).toHaveValue('/media/avatar/new-face.png'));
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.save }));
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('refuses a photo over 5 MB before sending it', async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: PROFILE_TEXT.edit }));
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement, file('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 5MB');
    expect(uploads.uploads).toHaveLength(0);
  });
});

describe('uploadChatImage', () => {
  it('answers a gif as a gif message and any other image as an image message', async () => {
    uploads.on('POST /api/chat/upload', ({ files }) => {
      const answer = stored(`/media/chat/${files[0].name}`, files[0].type === 'image/gif' ? 'gif' : 'jpeg');
      return { body: { url: answer.url, file: answer, files: [answer] } };
    });
    const gif = await uploadChatImage(file('dance.gif', 'image/gif'));
    expect(gif).toMatchObject({ url: '/media/chat/dance.gif', messageType: 'gif' });

    const jpeg = await uploadChatImage(file('view.jpg', 'image/jpeg'));
    expect(jpeg).toMatchObject({ url: '/media/chat/view.jpg', messageType: 'image' });
  });

  it("refuses what is not an image with the spec's alert text, without sending it", async () => {
    await expect(uploadChatImage(file('notes.txt', 'text/plain'))).rejects.toThrow('Please select an image file');
    await expect(uploadChatImage(file('big.png', 'image/png', 10 * 1024 * 1024 + 1))).rejects.toThrow('File size must be less than 10MB');
    expect(uploads.uploads).toHaveLength(0);
  });

  it("rejects with the server's status and message when the server refuses", async () => {
    uploads.on('POST /api/chat/upload', () => ({
      status: 415,
      body: { error: 'Unsupported Media Type', code: 'invalid_file_type', message: UploadMessages.invalidType },
    }));
    const refusal = await uploadChatImage(file('page.png', 'image/png')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UploadError);
    expect(refusal).toMatchObject({ status: 415, message: UploadMessages.invalidType, body: { code: 'invalid_file_type' } });
  });
});
