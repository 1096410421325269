import { PREVIEW_IMAGES_PER_ASK } from '@app/contracts';
import type { RpcClient } from '@app/server';
import type { ObjectStorage } from '../storage/object-storage.repository';
import { PreviewImageSweeper } from './preview-image-sweeper.service';
import type { PreviewImagesRepository, StoredPreviewImage } from './preview-images.repository';

const image = (n: number): StoredPreviewImage => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, key: `preview/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.webp` });
const urlOf = (stored: StoredPreviewImage) => `/media/${stored.key}`;

/** The sweep over fakes of its repository, its bucket and chat-svc (`chat` answers which pictures are still shown). */
function sweeper(due: StoredPreviewImage[], chat: (urls: string[]) => Promise<string[]>) {
  const images = { dueForCheck: jest.fn(async () => due), markChecked: jest.fn(async () => undefined), forget: jest.fn(async () => undefined) };
  const storage = { remove: jest.fn(async () => undefined) };
  const asked: string[][] = [];
  const rpc = {
    request: jest.fn(async (_pattern: string, { urls }: { urls: string[] }) => {
      asked.push(urls);
      return { urls: await chat(urls) };
    }),
  };
  const sweep = new PreviewImageSweeper(images as unknown as PreviewImagesRepository, storage as unknown as ObjectStorage, rpc as unknown as RpcClient);
  return { sweep, images, storage, asked };
}

describe('PreviewImageSweeper', () => {
  it('deletes the bytes and then the records of the pictures chat-svc does not name, and notes the check of the others', async () => {
    const [shown, unused] = [image(1), image(2)];
    const { sweep, images, storage } = sweeper([shown, unused], async () => [urlOf(shown)]);
    expect(await sweep.sweep(new Date())).toEqual([urlOf(unused)]);
    expect(storage.remove.mock.calls).toEqual([[unused.key]]);
    expect(images.forget).toHaveBeenCalledWith([unused.id]);
    expect(images.markChecked).toHaveBeenCalledWith([shown.id], expect.any(Date));
  });

  it('deletes nothing when chat-svc does not answer', async () => {
    const { sweep, images, storage } = sweeper([image(1), image(2)], () => Promise.reject(new Error('chat-svc did not answer')));
    await expect(sweep.sweep(new Date())).rejects.toThrow('chat-svc did not answer');
    expect(storage.remove).not.toHaveBeenCalled();
    expect(images.forget).not.toHaveBeenCalled();
  });

  it(`asks about ${PREVIEW_IMAGES_PER_ASK} pictures at a time`, async () => {
    const due = Array.from({ length: PREVIEW_IMAGES_PER_ASK + 1 }, (_, n) => image(n + 1));
    const { sweep, asked } = sweeper(due, async (urls) => urls);
    expect(await sweep.sweep(new Date())).toEqual([]);
    expect(asked.map((urls) => urls.length)).toEqual([PREVIEW_IMAGES_PER_ASK, 1]);
  });
});
