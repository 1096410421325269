import { ImagePlus, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Picture } from '@/components/ui/picture';
import { EDITOR_TEXT as T } from '../marketplace-copy';
import type { EditorTabProps } from '../types';
import { UploadButton } from './upload-button';
import { WorkingHoursFields } from './working-hours-fields';

/** The intro video, the gallery and the working hours. */
export function MediaTab({ shown, set, update, editing }: EditorTabProps) {
  return (
    <Card className="space-y-6 p-4 sm:p-6">
      <section>
        <h2 className="mb-2 text-sm font-medium">{T.introVideo}</h2>
        {shown.introVideo ? (
          <video src={shown.introVideo} controls preload="metadata" className="aspect-video w-full max-w-xl rounded-lg bg-black" />
        ) : (
          <p className="text-sm text-muted-foreground">{T.noIntroVideo}</p>
        )}
        {editing ? (
          <div className="mt-2 flex flex-wrap gap-2">
            <UploadButton purpose="intro" label={T.uploadVideo} accept="video/mp4,video/webm,video/quicktime" onUploaded={(url) => set('introVideo', url)} />
            {shown.introVideo ? (
              <Button variant="ghost" size="sm" onClick={() => set('introVideo', null)}>
                <Trash2 className="h-4 w-4" aria-hidden /> {T.removeVideo}
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>
      <section>
        <h2 className="mb-2 text-sm font-medium">{T.gallery}</h2>
        {shown.profileMedia.length ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {shown.profileMedia.map((url) => (
              <li key={url} className="relative">
                <Picture src={url} className="aspect-square w-full rounded-md border object-cover" />
                {editing ? (
                  <button
                    type="button"
                    aria-label={T.removeImage}
                    onClick={() => set('profileMedia', shown.profileMedia.filter((u) => u !== url))}
                    className="absolute top-1 right-1 rounded-full bg-black/60 p-1 text-white focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{T.noGallery}</p>
        )}
        {editing ? (
          <div className="mt-2">
            <UploadButton
              purpose="gallery"
              label={T.uploadImage}
              accept="image/png,image/jpeg,image/gif,image/webp"
              icon={<ImagePlus className="h-4 w-4" aria-hidden />}
              onUploaded={(url) => set('profileMedia', [...shown.profileMedia, url])}
            />
          </div>
        ) : null}
      </section>
      <section className="space-y-3">
        <h2 className="text-sm font-medium">{T.workingHours}</h2>
        <WorkingHoursFields values={shown} onChange={update} readOnly={!editing} />
      </section>
    </Card>
  );
}
