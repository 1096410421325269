import type { RoomDto } from '@app/contracts';
import { USERNAME_MAX, USERNAME_MIN } from '@app/contracts/browser';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { RoomRules } from './room-rules';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useGuestMutation } from '@/features/auth/api/auth-api';
import { CaptchaField } from '@/features/auth/components/captcha-field';
import { useCaptcha } from '@/features/auth/hooks/use-captcha';
import { normalizeUsername, useUsernameAvailability } from '@/features/auth/hooks/use-username-availability';
import { CHAT_TOASTS, JOIN_TEXT } from '../chat-copy';

export type SignupGateProps = {
  roomName: string;
  /** The room's description and rules, shown before joining. */
  room?: Pick<RoomDto, 'description' | 'customRules'>;
  /** Closing the prompt itself (not the username step). */
  onDismiss: () => void;
  /** The guest session exists: the page continues as that guest. */
  onJoined: () => void;
};

/** Spec: a signed-out visitor sees the join prompt, then the guest username dialog. */
export function SignupGate({ roomName, room, onDismiss, onJoined }: SignupGateProps) {
  const [step, setStep] = useState<'prompt' | 'username'>('prompt');
  const [, { isLoading: joining }] = useGuestMutation({ fixedCacheKey: 'guest-entry' });
  return (
    <>
      <Dialog open={step === 'prompt'} onOpenChange={(open) => !open && onDismiss()}>
        <DialogContent className="max-w-sm text-center">
          <DialogTitle className="pr-6 text-xl font-semibold">{JOIN_TEXT.promptTitle(roomName)}</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted-foreground">{JOIN_TEXT.promptBody}</DialogDescription>
          {room ? (
            <div className="mt-4 rounded-lg border bg-muted/40 p-3">
              <RoomRules room={room} />
            </div>
          ) : null}
          <div className="mt-6 flex flex-col gap-2">
            <Button onClick={() => setStep('username')} disabled={joining}>
              {joining ? JOIN_TEXT.joining : JOIN_TEXT.continueAsGuest}
            </Button>
            <Button asChild variant="outline">
              <Link to="/auth">{JOIN_TEXT.signUp}</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            {JOIN_TEXT.haveAccount}{' '}
            <Link to="/auth" className="font-medium text-primary hover:underline">
              {JOIN_TEXT.signIn}
            </Link>
          </p>
        </DialogContent>
      </Dialog>
      {step === 'username' ? <GuestUsernameDialog onCancel={() => setStep('prompt')} onJoined={onJoined} /> : null}
    </>
  );
}

type GuestUsernameDialogProps = { onCancel: () => void; onJoined: () => void };

function GuestUsernameDialog({ onCancel, onJoined }: GuestUsernameDialogProps) {
  const [username, setUsername] = useState('');
  const availability = useUsernameAvailability(username);
  const captcha = useCaptcha();
  const [enterAsGuest, { isLoading }] = useGuestMutation({ fixedCacheKey: 'guest-entry' });

  const join = async () => {
    if (!username) return toast({ ...CHAT_TOASTS.usernameRequired, variant: 'destructive' });
    if (username.length < USERNAME_MIN) return toast({ ...CHAT_TOASTS.usernameTooShort, variant: 'destructive' });
    if (availability === 'taken') return toast({ ...CHAT_TOASTS.usernameTaken, variant: 'destructive' });
    if (!captcha.token) return toast({ ...CHAT_TOASTS.captchaRequired, variant: 'destructive' });
    const result = await enterAsGuest({ username, captchaResponse: captcha.token });
    if ('data' in result && result.data) {
      onJoined();
      return;
    }
    // The token is spent either way: a new question for the next try.
    captcha.reset();
    toast({
      title: CHAT_TOASTS.failedToJoin.title,
      description: errorMessage(result.error, CHAT_TOASTS.failedToJoin.fallback),
      variant: 'destructive',
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-w-sm">
        <DialogTitle className="pr-6 text-lg font-semibold">{JOIN_TEXT.usernameTitle}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-muted-foreground">{JOIN_TEXT.usernameBody}</DialogDescription>
        <form
          className="mt-4 space-y-4"
          noValidate
          aria-label={JOIN_TEXT.usernameTitle}
          onSubmit={(e) => {
            e.preventDefault();
            void join();
          }}
        >
          <FormField label={JOIN_TEXT.usernameLabel} hint={availability === 'unknown' ? undefined : <Availability state={availability} />}>
            {(c) => (
              <Input
                {...c}
                value={username}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={USERNAME_MAX}
                placeholder={JOIN_TEXT.usernamePlaceholder}
                onChange={(e) => setUsername(normalizeUsername(e.target.value))}
              />
            )}
          </FormField>
          <CaptchaField captcha={captcha} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel}>
              {JOIN_TEXT.cancel}
            </Button>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? JOIN_TEXT.joining : JOIN_TEXT.joinChat}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Availability({ state }: { state: ReturnType<typeof useUsernameAvailability> }) {
  if (state === 'checking') {
    return (
      <p className="flex items-center gap-1 text-xs text-muted-foreground" role="status">
        <Loader2 className="h-3 w-3 animate-spin" aria-hidden /> {JOIN_TEXT.checking}
      </p>
    );
  }
  if (state === 'available') {
    return (
      <p className="flex items-center gap-1 text-xs text-green-700 dark:text-green-400" role="status">
        <CheckCircle2 className="h-3 w-3" aria-hidden /> {JOIN_TEXT.available}
      </p>
    );
  }
  if (state === 'taken') {
    return (
      <p className="flex items-center gap-1 text-xs text-destructive" role="status">
        <XCircle className="h-3 w-3" aria-hidden /> {JOIN_TEXT.taken}
      </p>
    );
  }
  return null;
}
