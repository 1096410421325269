import type { UploadedFileDto, UserDto } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { MEDIA_TEXT } from '../media-copy';
import { startUploadServer, type UploadServer } from '@/test/upload-server';

let api: TestServer;
let uploads: UploadServer;
let me: UserDto;

// jsdom has no object URLs; previews only need an address to show.
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => undefined;

function png(name = 'photo.png', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

function stored(name: string, overrides: Partial<UploadedFileDto> = {}): UploadedFileDto {
  return { url: `/media/chat/${name}`, originalName: name, type: 'image', size: 1500, format: 'png', width: 64, height: 48, ...overrides };
}

function healthy() {
  const report = (service: string, dependencies: Record<string, { ok: boolean; latencyMs?: number; error?: string }>) => ({
    service,
    ok: Object.values(dependencies).every((d) => d.ok),
    instance: 'test',
    uptimeSeconds: 5,
    dependencies,
  });
  return {
    ok: true,
    gateway: report('gateway', { redis: { ok: true }, nats: { ok: true } }),
    services: {
      'media-svc': report('media-svc', { postgres: { ok: true, latencyMs: 2 }, redis: { ok: true }, storage: { ok: true, latencyMs: 4 } }),
    },
  };
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('No file input on the page');
  return input;
}

beforeEach(async () => {
  api = await startTestServer();
  uploads = await startUploadServer();
  me = makeUser({ role: 'vip' });
  api.on('GET /api/users/me', () => ({ body: me }));
  api.on('GET /api/health', () => ({ body: healthy() }));
});

afterEach(async () => {
  await uploads.close();
  await api.close();
});

describe('Media test screen', () => {
  it('asks a signed-out visitor to log in', async () => {
    api.on('GET /api/users/me', () => ({
      status: 401,
      body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' },
    }));
    renderApp('/media-test');
    expect(await screen.findByText(MEDIA_TEXT.signInRequired)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: MEDIA_TEXT.mediaTab })).not.toBeInTheDocument();
  });

  it('uploads a chat image after a preview and shows what the server stored', async () => {
    const user = userEvent.setup();
    uploads.on('POST /api/chat/upload', () => {
      const file = stored('photo.png');
      return { body: { url: file.url, file, files: [file] } };
    });
    renderApp('/media-test');
    await user.click(await screen.findByRole('tab', { name: MEDIA_TEXT.chatTab }));
    await user.upload(fileInput(), png());

    const chosen = screen.getByRole('list', { name: MEDIA_TEXT.selectedFiles });
    expect(within(chosen).getByText('photo.png')).toBeInTheDocument();
    expect(within(chosen).getByRole('button', { name: 'Remove photo.png' })).toBeInTheDocument();
    expect(within(chosen).getByRole('button', { name: 'Replace photo.png' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MEDIA_TEXT.upload }));
    expect(await screen.findByText(MEDIA_TEXT.uploadSuccess.description)).toBeInTheDocument();
    const result = await screen.findByTestId('uploaded-file');
    expect(within(result).getByRole('img', { name: 'photo.png' })).toHaveAttribute('src', '/media/chat/photo.png');
    expect(within(result).getByRole('link', { name: /Open/ })).toHaveAttribute('href', '/media/chat/photo.png');
    expect(uploads.uploads).toHaveLength(1);
    expect(uploads.uploads[0].files).toEqual([{ field: 'file', name: 'photo.png', type: 'image/png', size: 2048 }]);
  });

  it('shows the progress bar and Uploading... until the server answers', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => undefined;
    uploads.on('POST /api/chat/upload', () => {
      const file = stored('slow.png');
      return new Promise((resolve) => (answer = () => resolve({ body: { url: file.url, file, files: [file] } })));
    });
    renderApp('/media-test');
    await user.click(await screen.findByRole('tab', { name: MEDIA_TEXT.chatTab }));
    await user.upload(fileInput(), png('slow.png'));
    await user.click(screen.getByRole('button', { name: MEDIA_TEXT.upload }));

    const progress = await screen.findByRole('progressbar', { name: MEDIA_TEXT.progressLabel });
    expect(screen.getByRole('button', { name: MEDIA_TEXT.uploading })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove slow.png' })).not.toBeInTheDocument();
    await waitFor(() => expect(uploads.uploads).toHaveLength(1));
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);

    answer();
    await screen.findByTestId('uploaded-file');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('removes and replaces a chosen file before anything is sent', async () => {
    const user = userEvent.setup();
    uploads.on('POST /api/chat/upload', () => {
      const file = stored('second.png');
      return { body: { url: file.url, file, files: [file] } };
    });
    renderApp('/media-test');
    await user.click(await screen.findByRole('tab', { name: MEDIA_TEXT.chatTab }));
    await user.upload(fileInput(), png('first.png'));
    await user.click(screen.getByRole('button', { name: 'Remove first.png' }));
    expect(screen.queryByText('first.png')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MEDIA_TEXT.choose })).toBeInTheDocument();

    await user.upload(fileInput(), png('first.png'));
    await user.click(screen.getByRole('button', { name: 'Replace first.png' }));
    await user.upload(fileInput(), png('second.png'));
    expect(screen.queryByText('first.png')).not.toBeInTheDocument();
    expect(screen.getByText('second.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MEDIA_TEXT.upload }));
    await screen.findByTestId('uploaded-file');
    expect(uploads.uploads.map((u) => u.files.map((f) => f.name))).toEqual([['second.png']]);
  });

  it('takes files dropped on the drop zone', async () => {
    renderApp('/media-test');
    const zone = await screen.findByRole('group', { name: MEDIA_TEXT.mediaTab });
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [png('dropped.png'), png('also.png')] } });
    const chosen = await screen.findByRole('list', { name: MEDIA_TEXT.selectedFiles });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('dropped.png'),
      expect.stringContaining('also.png'),
    ]);
  });

  it('refuses before sending a file the server would refuse', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/media-test');
    await user.click(await screen.findByRole('tab', { name: MEDIA_TEXT.chatTab }));

    await user.upload(fileInput(), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MEDIA_TEXT.invalidType);

    await user.upload(fileInput(), png('huge.png', 11 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 10MB');

    await user.upload(fileInput(), new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image file');

    expect(screen.queryByRole('button', { name: MEDIA_TEXT.upload })).not.toBeInTheDocument();
    expect(uploads.uploads).toHaveLength(0);
  });

  it("shows the server's refusal of a chat image", async () => {
    const user = userEvent.setup();
    me = makeUser({ role: 'user' });
    uploads.on('POST /api/chat/upload', () => ({
      status: 403,
      body: { error: 'Forbidden', code: 'forbidden', message: 'Images in chat are for VIP members' },
    }));
    renderApp('/media-test');
    await user.click(await screen.findByRole('tab', { name: MEDIA_TEXT.chatTab }));
    await user.upload(fileInput(), png());
    await user.click(screen.getByRole('button', { name: MEDIA_TEXT.upload }));

    expect(await screen.findByText(MEDIA_TEXT.uploadFailedTitle)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Images in chat are for VIP members');
    // The file stays chosen so that it can be sent again.
    expect(screen.getByRole('button', { name: MEDIA_TEXT.upload })).toBeEnabled();
    expect(screen.queryByTestId('uploaded-file')).not.toBeInTheDocument();
  });

  it('sends up to 5 seller media files together and refuses a sixth', async () => {
    const user = userEvent.setup();
    uploads.on('POST /api/sellers/upload', ({ files }) => ({
      body: { files: files.map((f) => stored(f.name, { url: `/media/seller/${f.name}` })) },
    }));
    renderApp('/media-test');
    await screen.findByRole('tab', { name: MEDIA_TEXT.mediaTab, selected: true });

    await user.upload(fileInput(), [1, 2, 3, 4, 5, 6].map((n) => png(`p${n}.png`)));
    expect(await screen.findByText(MEDIA_TEXT.tooManyFilesTitle)).toBeInTheDocument();
    expect(screen.getByText('You can only upload up to 5 files')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: MEDIA_TEXT.selectedFiles })).not.toBeInTheDocument();

    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    await user.upload(fileInput(), png('c.png'));
    expect(within(screen.getByRole('list', { name: MEDIA_TEXT.selectedFiles })).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: MEDIA_TEXT.upload }));

    expect(await screen.findByText('3 file(s) uploaded successfully')).toBeInTheDocument();
    expect(screen.getAllByTestId('uploaded-file')).toHaveLength(3);
    expect(uploads.uploads[0].query.get('max')).toBe('5');
    expect(uploads.uploads[0].files.map((f) => [f.field, f.name])).toEqual([
      ['files', 'a.png'],
      ['files', 'b.png'],
      ['files', 'c.png'],
    ]);
  });

  it('tells a multi-file refusal with its status and message', async () => {
    const user = userEvent.setup();
    uploads.on('POST /api/sellers/upload', () => ({
      status: 415,
      body: { error: 'Unsupported Media Type', code: 'invalid_file_type', message: MEDIA_TEXT.invalidType },
    }));
    renderApp('/media-test');
    await screen.findByRole('tab', { name: MEDIA_TEXT.mediaTab, selected: true });
    await user.upload(fileInput(), png('fake.png'));
    await user.click(screen.getByRole('button', { name: MEDIA_TEXT.upload }));
    expect(await screen.findByText(`Upload failed: 415 ${MEDIA_TEXT.invalidType}`)).toBeInTheDocument();
  });

  it('reports the media service and its storage as the health check answers', async () => {
    const user = userEvent.setup();
    renderApp('/media-test');
    const panel = await screen.findByRole('list', { name: MEDIA_TEXT.statusTitle });
    const row = (name: string) => within(panel).getByText(name).closest('li') as HTMLElement;
    expect(row(MEDIA_TEXT.statusMediaService)).toHaveTextContent(MEDIA_TEXT.statusOk);
    expect(row(MEDIA_TEXT.statusStorage)).toHaveTextContent(`${MEDIA_TEXT.statusOk}4 ms`);

    const down = healthy();
    down.ok = false;
    down.services['media-svc'].ok = false;
    down.services['media-svc'].dependencies.storage = { ok: false, error: 'connect ECONNREFUSED 127.0.0.1:9000' };
    api.on('GET /api/health', () => ({ status: 503, body: down }));
    await user.click(screen.getByRole('button', { name: MEDIA_TEXT.statusRefresh }));

    await waitFor(() => expect(row(MEDIA_TEXT.statusStorage)).toHaveTextContent(MEDIA_TEXT.statusDown));
    expect(row(MEDIA_TEXT.statusStorage)).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:9000');
    expect(row(MEDIA_TEXT.statusMediaService)).toHaveTextContent(MEDIA_TEXT.statusDown);
    expect(row(MEDIA_TEXT.statusGateway)).toHaveTextContent(MEDIA_TEXT.statusOk);
  });

  it('says so when the media service does not answer at all', async () => {
    const down = healthy();
    down.ok = false;
    (down.services as Record<string, unknown>)['media-svc'] = { service: 'media-svc', ok: false, error: 'Request timed out' };
    api.on('GET /api/health', () => ({ status: 503, body: down }));
    renderApp('/media-test');
    const panel = await screen.findByRole('list', { name: MEDIA_TEXT.statusTitle });
    const row = (name: string) => within(panel).getByText(name).closest('li') as HTMLElement;
    expect(row(MEDIA_TEXT.statusMediaService)).toHaveTextContent('Request timed out');
    expect(row(MEDIA_TEXT.statusStorage)).toHaveTextContent(MEDIA_TEXT.statusNoReport);
  });
});
