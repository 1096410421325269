import type { UploadPurpose } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { MEDIA_TEXT } from '../media-copy';
import { checkFile, kindOf } from '../upload-rules';

export interface SelectedFile {
  id: string;
  file: File;
  previewUrl: string | null;
}

let selectionCounter = 0;

function select(file: File): SelectedFile {
  selectionCounter += 1;
  return { id: String(selectionCounter), file, previewUrl: kindOf(file) ? URL.createObjectURL(file) : null };
}

/**
 * The files chosen for an upload and their previews. The server's limits are checked on choosing,
 * so a file that would be refused is never selected; its reason is the `problem`.
 */
export function useFileSelection(purpose: UploadPurpose, maxFiles: number) {
  const [selected, setSelected] = useState<SelectedFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const many = maxFiles > 1;

  // Previews hold the file in memory until their object URL is released.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const current = new Set(selected.flatMap((s) => (s.previewUrl ? [s.previewUrl] : [])));
    previews.current.forEach((url) => !current.has(url) && URL.revokeObjectURL(url));
    previews.current = current;
  }, [selected]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  /** Adds files, or puts the first in place of the selected file `replaceId`. */
  const add = (files: File[], replaceId: string | null) => {
    const incoming = replaceId !== null ? files.slice(0, 1) : files;
    const count = replaceId !== null ? selected.length : (many ? selected.length : 0) + incoming.length;
    if (count > maxFiles) {
      toast({ variant: 'destructive', title: MEDIA_TEXT.tooManyFilesTitle, description: MEDIA_TEXT.tooManyFiles(maxFiles) });
      return;
    }
    const refusal = incoming.map((file) => checkFile(file, purpose)).find(Boolean);
    setProblem(refusal ?? null);
    if (refusal) return;
    const added = incoming.map(select);
    if (replaceId !== null) setSelected(selected.map((s) => (s.id === replaceId ? added[0] : s)));
    else setSelected(many ? [...selected, ...added] : added);
  };

  const remove = (item: SelectedFile) => {
    setSelected(selected.filter((s) => s.id !== item.id));
    setProblem(null);
  };

  return { selected, problem, setProblem, add, remove, clear: () => setSelected([]) };
}
