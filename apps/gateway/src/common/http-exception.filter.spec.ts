import { ConflictException, ForbiddenException, HttpException, UnauthorizedException } from '@nestjs/common';
import { RpcCallError } from '@app/server';
import { toHttpError } from './http-exception.filter';

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
      body: { error: 'Internal Server Error', code: 'internal', message: 'Internal server error' },
    });
  });
});
