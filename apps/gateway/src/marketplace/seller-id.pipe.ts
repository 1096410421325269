import { Injectable, PipeTransform } from '@nestjs/common';
import { ErrorCode, fieldMessage } from '@app/contracts';
import { refusal } from '../common/http-exception.filter';

/** A seller id that is not a positive whole number names no seller: 404, as for an unknown one. */
@Injectable()
export class SellerIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
    if (id < 1) throw refusal(404, ErrorCode.NotFound, fieldMessage('seller_not_found'));
    return id;
  }
}
