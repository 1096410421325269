import { Loader2 } from 'lucide-react';
import { MEDIA_TEXT } from '../media-copy';

export type UploadProgressProps = { percent: number };

/** 'Uploading...' with how much of the files has gone out. */
export function UploadProgress({ percent }: UploadProgressProps) {
  return (
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
  );
}
