import { BadRequestException, type ValidationPipe } from '@nestjs/common';
import { ErrorCode, fieldErrors, firstFieldMessage } from '@app/contracts';
import { InputValidationPipe } from '@app/server';

/**
 * Bodies, queries and params are checked against the contracts' DTOs: a 400 with every field's
 * message. Nothing is converted implicitly; query DTOs convert their numbers with @Type.
 */
export function httpValidationPipe(): ValidationPipe {
  return new InputValidationPipe(
    (fields) =>
      new BadRequestException({ error: 'Bad Request', code: ErrorCode.ValidationFailed, message: firstFieldMessage(fields), ...fieldErrors(fields) }),
  );
}
