import { BadRequestException } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';

/** A frame field that is not what the protocol allows: answered as an error frame with the field's message. */
export function badFrame(field: string, message: string) {
  return new BadRequestException({ error: 'Bad Request', code: ErrorCode.ValidationFailed, message, fields: { [field]: [message] } });
}
