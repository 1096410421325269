import type { HttpErrorBody } from '@app/contracts';

/** The gateway's error body, when the failure carried one. */
export function errorBody(error: unknown): Partial<HttpErrorBody> | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Partial<HttpErrorBody>) : undefined;
}

/** What a person is shown: the server's message, or the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = errorBody(error)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
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
