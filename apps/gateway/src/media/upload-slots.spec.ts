import { HttpException } from '@nestjs/common';
import { UploadSlots } from './upload-slots';

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
  throw new Error('not refused');
};

describe('UploadSlots', () => {
  it('lets one user have only so many uploads in progress, and frees a slot when one ends', () => {
    const slots = new UploadSlots({ perUser: 2, perAddress: 10, total: 10 });
    const first = slots.take(1, '10.0.0.1');
    slots.take(1, '10.0.0.2');
    expect(refusal(() => slots.take(1, '10.0.0.3'))).toEqual({
      status: 429,
      body: expect.objectContaining({
        code: 'too_many_uploads',
        message: 'You already have uploads in progress. Please wait until they finish.',
        messageCode: { code: 'upload_too_many_at_once' },
        retryAfterSeconds: 5,
      }),
    });
    // Someone else is not held back.
    slots.take(2, '10.0.0.1');
    first();
    first(); // a second release gives nothing more back
    slots.take(1, '10.0.0.1');
    expect(() => slots.take(1, '10.0.0.1')).toThrow(HttpException);
  });

  it('caps one address, whoever the users behind it are', () => {
    const slots = new UploadSlots({ perUser: 5, perAddress: 3, total: 10 });
    [1, 2, 3].forEach((user) => slots.take(user, '203.0.113.7'));
    expect(refusal(() => slots.take(4, '203.0.113.7'))).toMatchObject({ status: 429, body: { code: 'too_many_uploads' } });
    slots.take(4, '198.51.100.1');
  });

  it('refuses with 503 once every upload connection of the gateway is taken', () => {
    const slots = new UploadSlots({ perUser: 5, perAddress: 5, total: 2 });
    const release = slots.take(1, 'a');
    slots.take(2, 'b');
    expect(refusal(() => slots.take(3, 'c'))).toMatchObject({ status: 503, body: { code: 'uploads_busy', retryAfterSeconds: 5 } });
    release();
    slots.take(3, 'c');
  });
});
