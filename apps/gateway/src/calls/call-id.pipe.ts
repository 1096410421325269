import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';
import { CallMessages, ErrorCode } from '@app/contracts';

/** A call id that is not a positive whole number names no call: 404, as for an unknown one. */
@Injectable()
export class CallIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
    if (id < 1) throw new NotFoundException({ error: 'Not Found', code: ErrorCode.NotFound, message: CallMessages.callNotFound });
    return id;
  }
}
