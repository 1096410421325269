import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';

/** A seller id that is not a positive whole number names no seller: 404, as for an unknown one. */
@Injectable()
export class SellerIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
    if (id < 1) throw new NotFoundException({ error: 'Not Found', code: ErrorCode.NotFound, message: 'Seller not found' });
    return id;
  }
}
