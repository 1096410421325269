import { ConflictException, ForbiddenException, HttpException, UnauthorizedException } from '@nestjs/common';
import { RpcCallError, serviceUnavailableBody } from '@app/server';
import { unauthenticated } from './auth.guards';
import { toHttpError } from './http-exception.filter';
import { ParseIdPipe } from './id.pipe';

describe('toHttpError', () => {
  it.each([
    [new UnauthorizedException('Sign in first'), 401, 'Unauthorized', 'unauthenticated'],
    [new ForbiddenException('Not yours'), 403, 'Forbidden', 'forbidden'],
    [new ConflictException('Taken'), 409, 'Conflict', 'conflict'],
    [new HttpException('Slow down', 429), 429, 'Too Many Requests', 'too_many_requests'],
    [new HttpException('Gone fishing', 503), 503, 'Service Unavailable', 'service_unavailable'],
    [new HttpException('Bad', 400), 400, 'Bad Request', 'validation_failed'],
  ])('labels a code-less %p by its status', (exception, status, error, code) => {
    expect(toHttpError(exception)).toEqual({ status, body: { error, code, message: exception.message } });
  });

  it("keeps the owning service's status, code, fields and details", () => {
    const failure = new RpcCallError({ status: 429, code: 'rate_limit', message: 'Wait', details: { waitTime: 1200 } });
    expect(toHttpError(failure)).toEqual({ status: 429, body: { error: 'rate_limit', code: 'rate_limit', message: 'Wait', waitTime: 1200 } });
    const missing = new RpcCallError({ status: 404, code: 'not_found', message: 'Room not found' });
    expect(toHttpError(missing)).toEqual({ status: 404, body: { error: 'Not Found', code: 'not_found', message: 'Room not found' } });
    const taken = { message: 'A room with this name already exists', fields: { name: ['A room with this name already exists'] }, fieldCodes: { name: [{ code: 'room_name_taken' }] } };
    expect(toHttpError(new RpcCallError({ status: 409, code: 'conflict', ...taken }))).toEqual({ status: 409, body: { error: 'Conflict', code: 'conflict', ...taken } });
    const busy = { message: 'This expert is busy on another call. Please try again in a few minutes.', messageCode: { code: 'call_seller_busy' } };
    expect(toHttpError(new RpcCallError({ status: 409, code: 'seller_busy', ...busy }))).toEqual({ status: 409, body: { error: 'Conflict', code: 'seller_busy', ...busy } });
  });

  it('hides anything unexpected behind a 500', () => {
    expect(toHttpError(new TypeError("Cannot read properties of undefined (reading 'last_seq')"))).toEqual({
      status: 500,
      body: { error: 'Internal Server Error', code: 'internal', message: 'Internal server error', messageCode: { code: 'internal_error' } },
    });
  });

  it("codes body-parser's refusals of a body too large or not JSON", () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' });
    expect(toHttpError(tooLarge)).toEqual({
      status: 413,
      body: { error: 'Payload Too Large', code: 'payload_too_large', message: 'Request body is too large', messageCode: { code: 'body_too_large' } },
    });
    const notJson = Object.assign(new SyntaxError('Unexpected token } in JSON at position 9'), { status: 400, type: 'entity.parse.failed' });
    expect(toHttpError(notJson)).toEqual({
      status: 400,
      body: { error: 'Bad Request', code: 'validation_failed', message: 'Request body is not valid JSON', messageCode: { code: 'body_not_json' } },
    });
  });

  it("codes the gateway's own refusals, and a service that did not answer", () => {
    expect(toHttpError(unauthenticated())).toEqual({
      status: 401,
      body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required', messageCode: { code: 'auth_required' } },
    });
    expect(() => new ParseIdPipe().transform('0', { data: 'roomId' })).toThrow(
      expect.objectContaining({
        response: expect.objectContaining({
          fields: { roomId: ['roomId must be a whole number from 1 to 2147483647'] },
          fieldCodes: { roomId: [{ code: 'whole_number_from', params: { field: 'roomId', min: 1, max: 2147483647 } }] },
        }),
      }),
    );
    expect(toHttpError(new RpcCallError(serviceUnavailableBody()))).toEqual({
      status: 503,
      body: {
        error: 'Service Unavailable',
        code: 'service_unavailable',
        message: 'Service temporarily unavailable. Please try again.',
        messageCode: { code: 'service_unavailable' },
      },
    });
  });
});
