import { FileVideo } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { MEDIA_TEXT } from '../media-copy';
import type { SelectedFile } from '../hooks/use-file-selection';
import { formatSize, kindOf } from '../upload-rules';

export type SelectedFilesProps = {
  items: SelectedFile[];
  /** While uploading, the files can no longer be replaced or removed. */
  locked: boolean;
  onReplace: (item: SelectedFile) => void;
  onRemove: (item: SelectedFile) => void;
};

/** The chosen files with a preview, name and size, each with Replace and Remove. */
export function SelectedFiles({ items, locked, onReplace, onRemove }: SelectedFilesProps) {
  return (
    <ul className="space-y-2" aria-label={MEDIA_TEXT.selectedFiles}>
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 rounded-lg border bg-card p-2">
          <Preview item={item} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{item.file.name}</p>
            <p className="text-xs text-muted-foreground">{formatSize(item.file.size)}</p>
          </div>
          {!locked ? (
            <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
              <Button variant="outline" size="sm" onClick={() => onReplace(item)} aria-label={`${MEDIA_TEXT.replace} ${item.file.name}`}>
                {MEDIA_TEXT.replace}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onRemove(item)} aria-label={`${MEDIA_TEXT.remove} ${item.file.name}`}>
                {MEDIA_TEXT.remove}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Preview({ item }: { item: SelectedFile }) {
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
