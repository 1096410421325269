import { HttpException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
  codeOf,
  ErrorCode,
  errorCodeForStatus,
  FIELD_MESSAGES,
  fieldErrors,
  fieldMessage,
  firstFieldMessage,
  refusedRuleCode,
  type FieldMessage,
  type FieldProblems,
  type RpcErrorBody,
} from '@app/contracts';
import { InputMessages, inspectInput } from './input-inspection';
import { keepValidationRules } from './validation-rules-cache';

export const SERVICE_UNAVAILABLE_MESSAGE = FIELD_MESSAGES.service_unavailable;

/** The body of a 503 the client may try again: its English beside its code. */
export function serviceUnavailableBody(): RpcErrorBody {
  return { status: 503, code: ErrorCode.ServiceUnavailable, message: SERVICE_UNAVAILABLE_MESSAGE, messageCode: { code: 'service_unavailable' } };
}

/** The body of a failure nobody foresaw (logged where it happened). */
export function internalErrorBody(): RpcErrorBody {
  return { status: 500, code: ErrorCode.Internal, message: FIELD_MESSAGES.internal_error, messageCode: { code: 'internal_error' } };
}

/** A refusal's message: plain English, or coded (its English beside its code and values). */
export type RefusalMessage = string | FieldMessage;

/** Throws the RpcException whose body the gateway maps to an HTTP status and JSON error. */
export function rpcError(
  status: number,
  code: string,
  message: RefusalMessage,
  { fields, details }: { fields?: FieldProblems; details?: RpcErrorBody['details'] } = {},
): RpcException {
  const body: RpcErrorBody = {
    status,
    code,
    ...messageOf(message),
    ...(fields ? fieldErrors(fields) : {}),
    ...(details ? { details } : {}),
  };
  return new RpcException(body);
}

/** A body's message, and its code beside it when it has one. */
function messageOf(message: RefusalMessage): Pick<RpcErrorBody, 'message' | 'messageCode'> {
  if (typeof message === 'string') return { message };
  return { message: message.message, messageCode: codeOf(message) };
}

/** A 400 (or a 403, 409) about one field: its message, coded, is the error's message too. */
export function fieldRefused(field: string, problem: FieldMessage, status: 400 | 403 | 409 = 400): RpcException {
  const code = status === 409 ? ErrorCode.Conflict : status === 403 ? ErrorCode.Forbidden : ErrorCode.ValidationFailed;
  return rpcError(status, code, problem.message, { fields: { [field]: [problem] } });
}

export const RpcErrors = {
  badRequest: (message: RefusalMessage, fields?: FieldProblems) =>
    rpcError(400, ErrorCode.ValidationFailed, message, fields ? { fields } : {}),
  unauthenticated: (message: RefusalMessage = fieldMessage('auth_required')) => rpcError(401, ErrorCode.Unauthenticated, message),
  forbidden: (message: RefusalMessage = 'You are not allowed to do that') => rpcError(403, ErrorCode.Forbidden, message),
  notFound: (message: RefusalMessage = 'Not found') => rpcError(404, ErrorCode.NotFound, message),
  conflict: (message: RefusalMessage, fields?: FieldProblems) =>
    rpcError(409, ErrorCode.Conflict, message, fields ? { fields } : {}),
  /** Well-formed, but the thing it asks for cannot be done to this target. */
  unprocessable: (message: RefusalMessage) => rpcError(422, errorCodeForStatus(422), message),
  /** Another service this one depends on did not answer: the client may try again. */
  unavailable: (message: RefusalMessage = fieldMessage('service_unavailable')) => rpcError(503, ErrorCode.ServiceUnavailable, message),
};

/**
 * Flattens class-validator errors into field path -> messages, each with the code its rule
 * was given (`said` in the contracts), or else the code of class-validator's own words.
 */
export function validationFields(errors: ValidationError[], parent = ''): FieldProblems {
  const fields: Record<string, Array<string | FieldMessage>> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      fields[path] = Object.entries(error.constraints).map(([rule, message]) => {
        const coded = refusedRuleCode(rule, error.contexts?.[rule], error.value, message);
        return coded ? { ...coded, message } : message;
      });
    }
    if (error.children?.length) Object.assign(fields, validationFields(error.children, path));
  }
  return fields;
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
  constructor(private readonly refuse: (fields: FieldProblems) => Error) {
    super({ ...validationOptions, exceptionFactory: (errors) => refuse(validationFields(errors)) });
    keepValidationRules();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return super.transform(value, metadata);
    const found = inspectInput(value);
    if (found) throw this.refuse({ [found.field]: [found.problem] });
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
  return new InputValidationPipe((fields) => rpcError(400, ErrorCode.ValidationFailed, firstFieldMessage(fields), { fields }));
}

export { validationOptions };
