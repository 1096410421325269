import { ImageOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const PICTURE_UNAVAILABLE = 'Image unavailable';

export type PictureProps = Omit<ComponentProps<'img'>, 'onError'> & { src: string };

/**
 * An image from a URL that may stop answering (an upload since removed, a link to another
 * site): when it fails, a box of the same size says so instead of the browser's broken icon.
 */
export function Picture({ src, alt = '', className, ...props }: PictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <span role="img" aria-label={alt ? `${alt}: ${PICTURE_UNAVAILABLE}` : PICTURE_UNAVAILABLE} className={cn('flex flex-col items-center justify-center gap-1 bg-muted text-xs text-muted-foreground', className)}>
        <ImageOff className="h-6 w-6" aria-hidden />
        <span aria-hidden>{PICTURE_UNAVAILABLE}</span>
      </span>
    );
  }
  return <img src={src} alt={alt} className={className} onError={() => setFailedSrc(src)} {...props} />;
}
