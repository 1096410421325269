import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { ErrorCode, ID_MAX } from '@app/contracts';

/** A path id: a whole number from 1 to ID_MAX, or a 400 naming the parameter. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string, { data }: { data?: string }): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
    if (id < 1 || id > ID_MAX) {
      const field = data ?? 'id';
      const message = `${field} must be a whole number from 1 to ${ID_MAX}`;
      throw new BadRequestException({ error: 'Bad Request', code: ErrorCode.ValidationFailed, message, fields: { [field]: [message] } });
    }
    return id;
  }
}
