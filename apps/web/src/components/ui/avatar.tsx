import { isStoredMediaUrl } from '@app/contracts/browser';
import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/format';

export type UserAvatarProps = { name: string | null | undefined; src?: string | null; className?: string };

export function UserAvatar({ name, src, className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex h-9 w-9 shrink-0 overflow-hidden rounded-full', className)}>
      {/* Only pictures stored here: another site's URL would tell it who looked at this page. */}
      {isStoredMediaUrl(src) ? <AvatarPrimitive.Image src={src} alt={name ?? ''} className="h-full w-full object-cover" /> : null}
      <AvatarPrimitive.Fallback className="flex h-full w-full items-center justify-center bg-primary/15 font-semibold text-primary">
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
