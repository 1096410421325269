import type { UploadResponseDto } from '@app/contracts';
import { Upload } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { sendUpload } from '@/features/media/api/upload-request';
import { checkFile } from '@/features/media/upload-rules';
import { EDITOR_TEXT as T } from '../marketplace-copy';

export type UploadButtonProps = {
  purpose: 'intro' | 'gallery';
  label: string;
  accept: string;
  icon?: ReactNode;
  onUploaded: (url: string) => void;
};

/** A button that uploads one file for the profile (intro video or gallery image) and hands back its URL. */
export function UploadButton({ purpose, label, accept, icon, onUploaded }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    const problem = checkFile(file, purpose);
    if (problem) {
      toast({ title: T.uploadFailed, description: problem, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const answer = await sendUpload<UploadResponseDto>({ path: `upload?purpose=${purpose}`, field: 'file', files: [file] });
      onUploaded(answer.url);
      toast(T.uploadSuccess);
    } catch (failure) {
      const message = failure instanceof Error && failure.message ? failure.message : T.uploadFallback;
      toast({ title: T.uploadFailed, description: message, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Button variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
        {icon ?? <Upload className="h-4 w-4" aria-hidden />} {uploading ? T.uploading : label}
      </Button>
    </>
  );
}
