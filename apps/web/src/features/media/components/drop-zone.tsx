import type { UploadPurpose } from '@app/contracts';
import { UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { MEDIA_TEXT } from '../media-copy';
import { limitsFor } from '../upload-rules';

export type DropZoneProps = {
  /** Accessible name of the zone. */
  label: string;
  purpose: UploadPurpose;
  maxFiles: number;
  onDrop: (files: File[]) => void;
  onChoose: () => void;
};

/** Where files are dropped, or a button to choose them, with the limits that apply. */
export function DropZone({ label, purpose, maxFiles, onDrop, onChoose }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const many = maxFiles > 1;
  return (
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
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onDrop(Array.from(event.dataTransfer.files));
      }}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition',
        dragging ? 'border-primary bg-accent' : 'border-border',
      )}
    >
      <UploadCloud className="h-8 w-8 text-muted-foreground" aria-hidden />
      <p className="text-sm text-muted-foreground">{many ? MEDIA_TEXT.dropHereMany : MEDIA_TEXT.dropHere}</p>
      <Button variant="outline" size="sm" onClick={onChoose}>
        {many ? MEDIA_TEXT.chooseMany : MEDIA_TEXT.choose}
      </Button>
      <p className="text-xs text-muted-foreground">
        {limitsFor(purpose)}
        {many ? ` · ${MEDIA_TEXT.maxFilesHint(maxFiles)}` : ''}
      </p>
    </div>
  );
}
