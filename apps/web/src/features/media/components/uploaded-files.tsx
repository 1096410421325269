import type { UploadedFileDto } from '@app/contracts';
import { ExternalLink } from 'lucide-react';
import { MEDIA_TEXT } from '../media-copy';
import { formatSize } from '../upload-rules';

export type UploadedFilesProps = { files: UploadedFileDto[] };

/** What the server stored, served back from its /media/ address. */
export function UploadedFiles({ files }: UploadedFilesProps) {
  return (
    <section className="mt-6" aria-label={MEDIA_TEXT.results}>
      <h2 className="mb-2 text-sm font-semibold text-muted-foreground">{MEDIA_TEXT.results}</h2>
      {files.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{MEDIA_TEXT.noResults}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {files.map((file) => (
            <li key={file.url} className="overflow-hidden rounded-lg border bg-card" data-testid="uploaded-file">
              {file.type === 'image' ? (
                <img src={file.url} alt={file.originalName} className="aspect-video w-full bg-muted object-contain" />
              ) : (
                <video src={file.url} controls preload="metadata" className="aspect-video w-full bg-black" aria-label={file.originalName} />
              )}
              <div className="flex items-center justify-between gap-2 p-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{file.originalName}</p>
                  <p className="text-xs text-muted-foreground">
                    {file.type} · {file.format} · {formatSize(file.size)}
                    {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
                  </p>
                </div>
                <a
                  href={file.url}
                  target="_blank"
                  rel="noreferrer"
                  className="flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm text-primary hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {MEDIA_TEXT.open} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
