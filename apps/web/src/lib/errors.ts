import type { FieldCode, FieldParams, HttpErrorBody } from '@app/contracts';
import { DEFAULT_LANGUAGE, MOMENT_PARAMS } from '@app/contracts/browser';
import { activeLanguage, formatLocale, i18n, t, type MessageId } from '../i18n/i18n';
import { formatDate } from './format';

/** The gateway's error body, when the failure carried one. */
export function errorBody(error: unknown): Partial<HttpErrorBody> | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Partial<HttpErrorBody>) : undefined;
}

/** A field message in the language spoken: its code's words, or the server's English for a code this app does not know. */
export function wordField(code: FieldCode | null | undefined, english: string): string {
  // In English the server's words are the catalogue's (a test holds fields.json to the contracts'
  // table), so English visitors' pages carry neither.
  if (!code || activeLanguage() === DEFAULT_LANGUAGE) return english;
  // The catalogue names each message by its code (fields.json); a code it does not know keeps the English.
  const id = `fields.${code.code}` as MessageId;
  return i18n.messages[id] === undefined ? english : t(id, code.params && readerValues(code.params));
}

/** A message's values as the reader reads them: a moment (an ISO time) in the locale's words. */
function readerValues(params: FieldParams): FieldParams {
  const moments = Object.keys(params).filter((name) => MOMENT_PARAMS.includes(name));
  if (!moments.length) return params;
  const locale = formatLocale();
  return { ...params, ...Object.fromEntries(moments.map((name) => [name, formatDate(String(params[name]), locale, { time: true })])) };
}

/** Each refused field's messages, in the language spoken: where an error body becomes a form's field errors. */
export function fieldErrors(error: unknown): Record<string, string[]> | undefined {
  const body = errorBody(error);
  if (!body?.fields) return undefined;
  const codes = body.fieldCodes ?? {};
  return Object.fromEntries(
    Object.entries(body.fields).map(([field, messages]) => [field, messages.map((message, index) => wordField(codes[field]?.[index], message))]),
  );
}

/** What a person is shown: the server's message (a refused field's, in the language spoken), or the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return bodyMessage(errorBody(error), fallback);
}

/** errorMessage of an error body as it was kept (a refused send's). */
export function bodyMessage(
  body: Pick<Partial<HttpErrorBody>, 'message' | 'messageCode' | 'fields' | 'fieldCodes'> | undefined,
  fallback: string,
): string {
  const message = body?.message;
  if (typeof message !== 'string' || !message.trim()) return fallback;
  // A refusal says its first field's first message: that is worded as the field is.
  const [field, messages] = Object.entries(body?.fields ?? {})[0] ?? [];
  if (field && messages?.[0] === message) return wordField(body?.fieldCodes?.[field]?.[0], message);
  // A refusal that names no field may carry its message's own code.
  return wordField(body?.messageCode, message);
}

export function errorStatus(error: unknown): number | string | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    return (error as { status: number | string }).status;
  }
  return undefined;
}

/** The spec's generic form for logs: "<status>: <body text>". */
export function describeHttpError(error: unknown): string {
  const status = errorStatus(error);
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : undefined;
  const text = typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data);
  const fallback = typeof error === 'object' && error !== null && 'error' in error ? String((error as { error: unknown }).error) : '';
  return `${status ?? 'Error'}: ${text || fallback}`;
}
