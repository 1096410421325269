import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useUpdateMeMutation } from '@/features/auth/api/auth-api';
import { singleFileSender } from '../api/media-uploads';
import { MEDIA_TEXT } from '../media-copy';
import { Uploader } from './uploader';

const sendAvatar = singleFileSender('avatar');

export type AvatarUploadProps = {
  /** The new avatar's address once the profile holds it. */
  onSaved?: (url: string) => void;
};

/** Uploads a photo and makes it the profile's avatar at once. */
export function AvatarUpload({ onSaved }: AvatarUploadProps) {
  const [updateMe] = useUpdateMeMutation();

  const save = async (url: string) => {
    const result = await updateMe({ avatar: url });
    if ('error' in result) {
      toast({ variant: 'destructive', title: MEDIA_TEXT.avatarSaveFailed, description: errorMessage(result.error, '') || undefined });
      return;
    }
    onSaved?.(url);
  };

  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">{MEDIA_TEXT.avatarUpload}</p>
      <Uploader purpose="avatar" send={sendAvatar} label={MEDIA_TEXT.avatarUpload} onUploaded={([file]) => void save(file.url)} />
    </div>
  );
}
