import type { UploadedFileDto } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadSender } from '../api/media-uploads';
import { isAbort, UploadError, type UploadProgress } from '../api/upload-request';

/** The spec's upload states. */
export type UploadStatus = 'idle' | 'uploading' | 'success' | 'failure';

export type UploadOutcome = { ok: true; files: UploadedFileDto[] } | { ok: false; error: UploadError } | { ok: false; cancelled: true };

export interface UploadState {
  status: UploadStatus;
  /** 0-100 while uploading. */
  percent: number;
  start(files: File[]): Promise<UploadOutcome>;
  cancel(): void;
  reset(): void;
}

/** Runs one upload at a time through a sender, with its progress; leaving the screen cancels it. */
export function useUpload(send: UploadSender): UploadState {
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [percent, setPercent] = useState(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (files: File[]): Promise<UploadOutcome> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setStatus('uploading');
      setPercent(0);
      const onProgress = (progress: UploadProgress) => setPercent(progress.percent);
      try {
        const stored = await send(files, onProgress, current.signal);
        setPercent(100);
        setStatus('success');
        return { ok: true, files: stored };
      } catch (error) {
        if (isAbort(error)) {
          setStatus('idle');
          return { ok: false, cancelled: true };
        }
        setStatus('failure');
        return { ok: false, error: error instanceof UploadError ? error : new UploadError(String(error), 0) };
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [send],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    setStatus('idle');
    setPercent(0);
  }, []);

  return { status, percent, start, cancel, reset };
}
