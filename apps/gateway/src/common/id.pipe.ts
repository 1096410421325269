import { Injectable, PipeTransform } from '@nestjs/common';
import { fieldMessage, ID_MAX } from '@app/contracts';
import { fieldRefusal } from './http-exception.filter';

/** A path id: a whole number from 1 to ID_MAX, or a 400 naming the parameter. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string, { data }: { data?: string }): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
    if (id < 1 || id > ID_MAX) {
      const field = data ?? 'id';
      throw fieldRefusal(field, fieldMessage('whole_number_from', { field, min: 1, max: ID_MAX }));
    }
    return id;
  }
}
