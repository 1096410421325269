import { BadRequestException, ForbiddenException } from '@nestjs/common';
import { codeOf, ErrorCode, fieldErrors, type ErrorFrame, type FieldMessage } from '@app/contracts';

/** A frame field that is not what the protocol allows: answered as an error frame with the field's message and its code. */
export function badFrame(field: string, problem: FieldMessage) {
  return new BadRequestException({ error: 'Bad Request', code: ErrorCode.ValidationFailed, message: problem.message, ...fieldErrors({ [field]: [problem] }) });
}

/** A frame this socket may not send: its English, and its code for the client to word. */
export function forbiddenFrame(problem: FieldMessage) {
  return new ForbiddenException({ error: 'Forbidden', code: ErrorCode.Forbidden, message: problem.message, messageCode: codeOf(problem) });
}

/** An error frame about no field: the English beside its code (`messageCode`), which the web words in the reader's language. */
export function frameRefusal(code: string, problem: FieldMessage): ErrorFrame {
  return { type: 'error', code, message: problem.message, messageCode: codeOf(problem) };
}
