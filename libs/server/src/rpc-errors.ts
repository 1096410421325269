import { ValidationError, ValidationPipe } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorCode, type RpcErrorBody } from '@app/contracts';

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
  transformOptions: { enableImplicitConversion: false },
};

/** ValidationPipe for NATS handlers: a bad payload is a 400 with every field's message. */
export function rpcValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...validationOptions,
    exceptionFactory: (errors) => {
      const fields = validationFields(errors);
      return rpcError(400, ErrorCode.ValidationFailed, firstMessage(fields), { fields });
    },
  });
}

export { validationOptions };
