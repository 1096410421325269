import type { UploadedFileDto, UploadPurpose } from '@app/contracts';
import { CheckCircle2, FileVideo, Loader2, UploadCloud } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import type { UploadSender } from '../api/media-uploads';
import type { UploadError } from '../api/upload-request';
import { MEDIA_TEXT } from '../copy';
import { useUpload } from '../hooks/use-upload';
import { acceptFor, checkFile, formatSize, kindOf, limitsFor } from '../upload-rules';

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

interface Selected {
  id: string;
  file: File;
  previewUrl: string | null;
}

let selectionCounter = 0;

function select(file: File): Selected {
  selectionCounter += 1;
  return { id: String(selectionCounter), file, previewUrl: kindOf(file) ? URL.createObjectURL(file) : null };
}

/**
 * Drag and drop or choose files, see them before sending, remove or replace any, then upload
 * with a progress bar. The server's limits are checked on choosing, so a file that would be
 * refused never starts uploading.
 */
export function Uploader({ purpose, send, maxFiles = 1, onUploaded, label = MEDIA_TEXT.dropzoneLabel, className }: UploaderProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const replacing = useRef<string | null>(null);
  const [selected, setSelected] = useState<Selected[]>([]);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { status, percent, start, cancel, reset } = useUpload(send);
  const uploading = status === 'uploading';
  const many = maxFiles > 1;

  // Previews hold the file in memory until their object URL is released.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const current = new Set(selected.flatMap((s) => (s.previewUrl ? [s.previewUrl] : [])));
    previews.current.forEach((url) => !current.has(url) && URL.revokeObjectURL(url));
    previews.current = current;
  }, [selected]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const addFiles = (files: File[]) => {
    if (files.length === 0 || uploading) return;
    reset();
    const target = replacing.current;
    replacing.current = null;
    const incoming = target !== null ? files.slice(0, 1) : files;
    const count = target !== null ? selected.length : (many ? selected.length : 0) + incoming.length;
    if (count > maxFiles) {
      toast({ variant: 'destructive', title: MEDIA_TEXT.tooManyFilesTitle, description: MEDIA_TEXT.tooManyFiles(maxFiles) });
      return;
    }
    const refusal = incoming.map((file) => checkFile(file, purpose)).find(Boolean);
    setProblem(refusal ?? null);
    if (refusal) return;
    const added = incoming.map(select);
    if (target !== null) setSelected(selected.map((s) => (s.id === target ? added[0] : s)));
    else setSelected(many ? [...selected, ...added] : added);
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

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    replacing.current = null;
    addFiles(Array.from(event.dataTransfer.files));
  };

  const remove = (item: Selected) => {
    setSelected(selected.filter((s) => s.id !== item.id));
    setProblem(null);
  };

  const upload = async () => {
    if (selected.length === 0) return;
    setProblem(null);
    const outcome = await start(selected.map((s) => s.file));
    if (outcome.ok) {
      setSelected([]);
      toast(
        many
          ? { title: MEDIA_TEXT.uploadSuccess.title, description: MEDIA_TEXT.multiUploadSuccess(outcome.files.length) }
          : MEDIA_TEXT.uploadSuccess,
      );
      onUploaded?.(outcome.files);
    } else if ('error' in outcome) {
      const message = failureText(outcome.error, many);
      setProblem(outcome.error.message || MEDIA_TEXT.uploadFailedFallback);
      toast({ variant: 'destructive', title: MEDIA_TEXT.uploadFailedTitle, description: message });
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
        <div
          role="group"
          aria-label={label}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={(event) => {
            // Moving onto a child of the zone is not leaving it.
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition',
            dragging ? 'border-primary bg-accent' : 'border-border',
          )}
        >
          <UploadCloud className="h-8 w-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">{many ? MEDIA_TEXT.dropHereMany : MEDIA_TEXT.dropHere}</p>
          <Button variant="outline" size="sm" onClick={() => choose()}>
            {many ? MEDIA_TEXT.chooseMany : MEDIA_TEXT.choose}
          </Button>
          <p className="text-xs text-muted-foreground">
            {limitsFor(purpose)}
            {many ? ` · ${MEDIA_TEXT.maxFilesHint(maxFiles)}` : ''}
          </p>
        </div>
      ) : null}

      {selected.length > 0 ? (
        <ul className="space-y-2" aria-label={MEDIA_TEXT.selectedFiles}>
          {selected.map((item) => (
            <li key={item.id} className="flex items-center gap-3 rounded-lg border bg-card p-2">
              <Preview item={item} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{item.file.name}</p>
                <p className="text-xs text-muted-foreground">{formatSize(item.file.size)}</p>
              </div>
              {!uploading ? (
                <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                  <Button variant="outline" size="sm" onClick={() => choose(item.id)} aria-label={`${MEDIA_TEXT.replace} ${item.file.name}`}>
                    {MEDIA_TEXT.replace}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => remove(item)} aria-label={`${MEDIA_TEXT.remove} ${item.file.name}`}>
                    {MEDIA_TEXT.remove}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {uploading ? (
        <div className="space-y-1">
          <div className="flex items-center justify-between text-sm">
            <span className="flex items-center gap-2 font-medium">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {MEDIA_TEXT.uploading}
            </span>
            <span className="tabular-nums text-muted-foreground">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={MEDIA_TEXT.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}

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

function Preview({ item }: { item: Selected }) {
  const kind = kindOf(item.file);
  const box = 'h-14 w-14 shrink-0 overflow-hidden rounded-md bg-muted';
  if (item.previewUrl && kind === 'image') {
    return <img src={item.previewUrl} alt="" className={cn(box, 'object-cover')} />;
  }
  if (item.previewUrl && kind === 'video') {
    return <video src={item.previewUrl} muted playsInline preload="metadata" className={cn(box, 'object-cover')} aria-hidden />;
  }
  return (
    <span className={cn(box, 'flex items-center justify-center')}>
      <FileVideo className="h-6 w-6 text-muted-foreground" aria-hidden />
    </span>
  );
}

/** The spec's failure texts: the server's message for one file, "Upload failed: {status} {body}" for several. */
function failureText(error: UploadError, many: boolean): string {
  if (error.status === 0) return error.message || MEDIA_TEXT.uploadFailedFallback;
  if (many) return MEDIA_TEXT.multiUploadFailed(error.status, error.message);
  return error.message || MEDIA_TEXT.uploadFailedFallback;
}
