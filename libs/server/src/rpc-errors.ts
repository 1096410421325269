import { HttpException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorCode, errorCodeForStatus, type RpcErrorBody } from '@app/contracts';
import { InputMessages, inspectInput } from './input-inspection';
import { keepValidationRules } from './validation-rules-cache';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again.';

/** Throws the RpcException whose body the gateway maps to an HTTP status and JSON error. */
export function rpcError(
  status: number,
  code: string,
  message: string,
  extra: Pick<RpcErrorBody, 'fields' | 'details'> = {},
): RpcException {
  const body: RpcErrorBody = { status, code, message, ...extra };
  return new RpcException(body);
}

export const RpcErrors = {
  badRequest: (message: string, fields?: Record<string, string[]>) =>
    rpcError(400, ErrorCode.ValidationFailed, message, fields ? { fields } : {}),
  unauthenticated: (message = 'Authentication required') => rpcError(401, ErrorCode.Unauthenticated, message),
  forbidden: (message = 'You are not allowed to do that') => rpcError(403, ErrorCode.Forbidden, message),
  notFound: (message = 'Not found') => rpcError(404, ErrorCode.NotFound, message),
  conflict: (message: string, fields?: Record<string, string[]>) =>
    rpcError(409, ErrorCode.Conflict, message, fields ? { fields } : {}),
  /** Well-formed, but the thing it asks for cannot be done to this target. */
  unprocessable: (message: string) => rpcError(422, errorCodeForStatus(422), message),
  /** Another service this one depends on did not answer: the client may try again. */
  unavailable: (message = SERVICE_UNAVAILABLE_MESSAGE) => rpcError(503, ErrorCode.ServiceUnavailable, message),
};

/** Flattens class-validator errors into field path -> messages. */
export function validationFields(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // Two rules failing for one reason (missing value) often share a message: show it once.
    if (error.constraints) fields[path] = [...new Set(Object.values(error.constraints))];
    if (error.children?.length) Object.assign(fields, validationFields(error.children, path));
  }
  return fields;
}

export function firstMessage(fields: Record<string, string[]>): string {
  const first = Object.values(fields)[0];
  return first?.[0] ?? 'Invalid input';
}

const validationOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  // A number where text belongs is refused, not turned into "42" (or an object into "[object Object]").
  transformOptions: { enableImplicitConversion: false },
};

/**
 * The ValidationPipe every entry point uses: the input rules no DTO can forget (inspectInput)
 * first, then the DTO's own, each failure a 400 with the field's message.
 */
export class InputValidationPipe extends ValidationPipe {
  constructor(private readonly refuse: (fields: Record<string, string[]>) => Error) {
    super({ ...validationOptions, exceptionFactory: (errors) => refuse(validationFields(errors)) });
    keepValidationRules();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return super.transform(value, metadata);
    const problem = inspectInput(value);
    if (problem) throw this.refuse({ [problem.field]: [problem.message] });
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof HttpException || error instanceof RpcException) throw error;
      // class-transformer throws plain errors on shapes its decorators do not expect
      // (an array where a nested object belongs, an object where a number is converted).
      throw this.refuse({ [metadata.data ?? metadata.type]: [InputMessages.wrongShape] });
    }
  }
}

/** ValidationPipe for NATS handlers: a bad payload is a 400 with every field's message. */
export function rpcValidationPipe(): ValidationPipe {
  return new InputValidationPipe((fields) => rpcError(400, ErrorCode.ValidationFailed, firstMessage(fields), { fields }));
}

export { validationOptions };
