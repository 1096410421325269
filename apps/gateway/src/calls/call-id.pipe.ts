import { Injectable, PipeTransform } from '@nestjs/common';
import { ErrorCode, fieldMessage } from '@app/contracts';
import { refusal } from '../common/http-exception.filter';

/** A call id that is not a positive whole number names no call: 404, as for an unknown one. */
@Injectable()
export class CallIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
    if (id < 1) throw refusal(404, ErrorCode.NotFound, fieldMessage('call_not_found'));
    return id;
  }
}
