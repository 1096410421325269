import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { firstMessage, validationFields, validationOptions } from '@app/server';

/** Bodies and queries are checked against the contracts' DTOs: a 400 with every field's message. */
export function httpValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...validationOptions,
    transformOptions: { enableImplicitConversion: true },
    exceptionFactory: (errors) => {
      const fields = validationFields(errors);
      return new BadRequestException({
        error: 'Bad Request',
        code: ErrorCode.ValidationFailed,
        message: firstMessage(fields),
        fields,
      });
    },
  });
}
