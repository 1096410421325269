import type { HttpErrorBody } from '@app/contracts';
import { bodyMessage } from '@/lib/errors';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100, whole numbers. */
  percent: number;
}

export interface UploadRequest {
  /** Path under /api, e.g. "upload?purpose=avatar". */
  path: string;
  field: 'file' | 'files';
  files: File[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** A refused or broken upload: the HTTP status (0 when no answer arrived) and the server's error body. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: Partial<HttpErrorBody>,
    readonly bodyText = '',
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Sends files as multipart with XMLHttpRequest rather than fetch: only XHR reports how much of
 * the body has gone out, which is what the progress bar shows. Resolves with the parsed JSON
 * answer of a 2xx; anything else rejects with an UploadError.
 */
export function sendUpload<T>({ path, field, files, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const form = new FormData();
    for (const file of files) form.append(field, file, file.name);

    const xhr = new XMLHttpRequest();
    // Relative to the document, so the app works on any origin it is served from.
    xhr.open('POST', `/api/${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (!event.lengthComputable || event.total === 0) return;
        onProgress({ loaded: event.loaded, total: event.total, percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
      });
    }
    xhr.onload = () => {
      const text = xhr.responseText;
      const body = parseJson(text);
      if (xhr.status >= 200 && xhr.status < 300 && body !== undefined) return resolve(body as T);
      const error = typeof body === 'object' && body !== null ? (body as Partial<HttpErrorBody>) : undefined;
      // The server's message in the language spoken (by its code), else whatever came back.
      const message = typeof error?.message === 'string' && error.message ? bodyMessage(error, error.message) : text || xhr.statusText;
      reject(new UploadError(message, xhr.status, error, text));
    };
    xhr.onerror = () => reject(new UploadError('', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
