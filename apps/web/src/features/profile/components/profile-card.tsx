import type { UserDto } from '@app/contracts';
import { VipMessages } from '@app/contracts/browser';
import { useId, useState, type FormEvent } from 'react';
import { RoleBadge } from '@/components/role-badge';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { useUpdateMeMutation } from '@/features/auth/api/auth-api';
import { AvatarUpload } from '@/features/media/components/avatar-upload';
import { PROFILE_TEXT } from '../profile-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatMonth } from '@/lib/format';

export type ProfileCardProps = { user: UserDto };

export function ProfileCard({ user }: ProfileCardProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ username: '', bio: '', avatar: '' });
  const [updateMe, { isLoading: saving }] = useUpdateMeMutation();
  const locale = useFormatLocale();
  /** The server's word on the avatar field (only pictures uploaded here are accepted). */
  const [avatarError, setAvatarError] = useState<string | null>(null);

  const startEditing = () => {
    setDraft({ username: user.username, bio: user.bio ?? '', avatar: user.avatar ?? '' });
    setAvatarError(null);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const changes: { username?: string; bio?: string | null; avatar?: string | null } = {};
    if (draft.username.trim() !== user.username) changes.username = draft.username.trim();
    if ((draft.bio.trim() || null) !== user.bio) changes.bio = draft.bio.trim() || null;
    if ((draft.avatar.trim() || null) !== user.avatar) changes.avatar = draft.avatar.trim() || null;
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    const result = await updateMe(changes);
    setAvatarError(null);
    if ('error' in result) {
      setAvatarError(fieldErrors(result.error)?.avatar?.join(' ') ?? null);
      toast({ variant: 'destructive', title: PROFILE_TEXT.updateFailed, description: errorMessage(result.error, '') || undefined });
      return;
    }
    toast(PROFILE_TEXT.updated);
    setEditing(false);
  };

  return (
    <Card className="p-5 sm:p-8">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <UserAvatar name={user.username} src={editing ? draft.avatar || null : user.avatar} className="h-20 w-20 text-2xl" />
        <div className="min-w-0">
          <h2 className="truncate text-2xl font-bold" data-testid="profile-username">
            {user.username}
          </h2>
          {user.email ? <p className="truncate text-sm text-muted-foreground">{user.email}</p> : null}
          <div className="mt-2 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            <RoleBadge role={user.role} />
            {user.role === 'vip' && user.vipUntil ? (
              <span className="text-xs font-medium text-amber-700 dark:text-amber-400" data-testid="vip-until">
                {VipMessages.vipUntil(user.vipUntil)}
              </span>
            ) : null}
            <span className="text-xs text-muted-foreground">
              {PROFILE_TEXT.memberSince} {formatMonth(user.createdAt, locale)}
            </span>
          </div>
        </div>
      </div>

      {editing ? (
        <form onSubmit={save} className="mt-8 space-y-4">
          <div className="space-y-2">
            <Label htmlFor={`${id}-username`}>{PROFILE_TEXT.username}</Label>
            <Input
              id={`${id}-username`}
              value={draft.username}
              onChange={(e) => setDraft({ ...draft, username: e.target.value })}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-bio`}>{PROFILE_TEXT.bio}</Label>
            <Textarea id={`${id}-bio`} value={draft.bio} onChange={(e) => setDraft({ ...draft, bio: e.target.value })} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-avatar`}>{PROFILE_TEXT.avatar}</Label>
            <Input
              id={`${id}-avatar`}
              type="text"
              inputMode="url"
              aria-invalid={avatarError !== null}
              aria-describedby={avatarError ? `${id}-avatar-error` : undefined}
              value={draft.avatar}
              onChange={(e) => setDraft({ ...draft, avatar: e.target.value })}
            />
            {avatarError ? (
              <p id={`${id}-avatar-error`} className="text-xs text-destructive" role="alert">
                {avatarError}
              </p>
            ) : null}
            <p className="text-xs text-muted-foreground">{PROFILE_TEXT.avatarHint}</p>
            <AvatarUpload onSaved={(url) => setDraft((current) => ({ ...current, avatar: url }))} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setEditing(false)} disabled={saving}>
              {PROFILE_TEXT.cancel}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? PROFILE_TEXT.saving : PROFILE_TEXT.save}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-8 space-y-6">
          <section>
            <h3 className="text-sm font-semibold text-muted-foreground">{PROFILE_TEXT.bio}</h3>
            <p className="mt-1 whitespace-pre-wrap" data-testid="profile-bio">
              {user.bio || PROFILE_TEXT.noBio}
            </p>
          </section>
          <Button onClick={startEditing}>{PROFILE_TEXT.edit}</Button>
        </div>
      )}
    </Card>
  );
}
