import type { UploadedFileDto, UploadPurpose } from '@app/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import type { UploadSender } from '../api/media-uploads';
import type { UploadError } from '../api/upload-request';
import { MEDIA_TEXT } from '../media-copy';
import { useFileSelection } from '../hooks/use-file-selection';
import { useUpload } from '../hooks/use-upload';
import { acceptFor } from '../upload-rules';
import { DropZone } from './drop-zone';
import { SelectedFiles } from './selected-files';
import { UploadProgress } from './upload-progress';

export type UploaderProps = {
  purpose: UploadPurpose;
  send: UploadSender;
  /** 1 (the default) picks one file, and a new choice replaces it. */
  maxFiles?: number;
  onUploaded?: (files: UploadedFileDto[]) => void;
  /** Accessible name of the drop zone. */
  label?: string;
  className?: string;
};

/**
 * Drag and drop or choose files, see them before sending, remove or replace any, then upload
 * with a progress bar. The server's limits are checked on choosing, so a file that would be
 * refused never starts uploading.
 */
export function Uploader({ purpose, send, maxFiles = 1, onUploaded, label = MEDIA_TEXT.dropzoneLabel, className }: UploaderProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const replacing = useRef<string | null>(null);
  const { selected, problem, setProblem, add, remove, clear } = useFileSelection(purpose, maxFiles);
  const { status, percent, start, cancel, reset } = useUpload(send);
  const uploading = status === 'uploading';
  const many = maxFiles > 1;

  const addFiles = (files: File[]) => {
    if (files.length === 0 || uploading) return;
    reset();
    const target = replacing.current;
    replacing.current = null;
    add(files, target);
  };

  const choose = (replaceId: string | null = null) => {
    replacing.current = replaceId;
    input.current?.click();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.target.files ?? []));
    // The same file chosen again must still fire a change.
    event.target.value = '';
  };

  const upload = async () => {
    if (selected.length === 0) return;
    setProblem(null);
    const outcome = await start(selected.map((s) => s.file));
    if (outcome.ok) {
      clear();
      toast(
        many
          ? { title: MEDIA_TEXT.uploadSuccess.title, description: MEDIA_TEXT.multiUploadSuccess(outcome.files.length) }
          : MEDIA_TEXT.uploadSuccess,
      );
      onUploaded?.(outcome.files);
    } else if ('error' in outcome) {
      setProblem(outcome.error.message || MEDIA_TEXT.uploadFailedFallback);
      toast({ variant: 'destructive', title: MEDIA_TEXT.uploadFailedTitle, description: failureText(outcome.error, many) });
    }
  };

  const showDropZone = !uploading && (many ? selected.length < maxFiles : selected.length === 0);

  return (
    <div className={cn('space-y-3', className)}>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        accept={acceptFor(purpose)}
        multiple={many}
        onChange={onChange}
      />
      {showDropZone ? (
        <DropZone
          label={label}
          purpose={purpose}
          maxFiles={maxFiles}
          onChoose={() => choose()}
          onDrop={(files) => {
            replacing.current = null;
            addFiles(files);
          }}
        />
      ) : null}
      {selected.length > 0 ? <SelectedFiles items={selected} locked={uploading} onReplace={(item) => choose(item.id)} onRemove={remove} /> : null}
      {uploading ? <UploadProgress percent={percent} /> : null}
      {problem ? (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
      {status === 'success' && selected.length === 0 ? (
        <p className="flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400" role="status">
          <CheckCircle2 className="h-4 w-4" aria-hidden /> {MEDIA_TEXT.uploadSuccess.title}
        </p>
      ) : null}
      {selected.length > 0 ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {uploading ? (
            <Button variant="outline" onClick={cancel}>
              {MEDIA_TEXT.cancel}
            </Button>
          ) : null}
          <Button onClick={upload} disabled={uploading}>
            {uploading ? MEDIA_TEXT.uploading : MEDIA_TEXT.upload}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The spec's failure texts: the server's message for one file, "Upload failed: {status} {body}" for several. */
function failureText(error: UploadError, many: boolean): string {
  if (error.status === 0) return error.message || MEDIA_TEXT.uploadFailedFallback;
  if (many) return MEDIA_TEXT.multiUploadFailed(error.status, error.message);
  return error.message || MEDIA_TEXT.uploadFailedFallback;
}
