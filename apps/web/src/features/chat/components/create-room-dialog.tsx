import type { RoomDto } from '@app/contracts';
import { useState } from 'react';
import { Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { useCreateRoomMutation } from '../api/chat-api';
import { ROOM_CATEGORY_KEYS, ROOM_COOLDOWN_MAX, ROOM_MAX_USERS_MAX, ROOM_MAX_USERS_MIN } from '@app/contracts/browser';
import { CHAT_TOASTS, CREATE_ROOM_TEXT, ROOM_CATEGORY_TEXT, VIP_ROOM_TEXT } from '../chat-copy';
import { EMPTY_ROOM_FORM, toCreateRoom, validateRoomForm, type RoomForm, type RoomFormErrors } from '../room-form';

export type CreateRoomDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (room: RoomDto) => void;
};

export function CreateRoomDialog({ open, onOpenChange, onCreated }: CreateRoomDialogProps) {
  const [form, setForm] = useState<RoomForm>(EMPTY_ROOM_FORM);
  const [errors, setErrors] = useState<RoomFormErrors>({});
  const [createRoom, { isLoading }] = useCreateRoomMutation();

  const set = (key: Exclude<keyof RoomForm, 'vipOnly' | 'allowImages' | 'allowGifs'>) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const found = validateRoomForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await createRoom(toCreateRoom(form));
    if ('data' in result && result.data) {
      toast(CHAT_TOASTS.roomCreated(result.data.name));
      setForm(EMPTY_ROOM_FORM);
      onOpenChange(false);
      onCreated(result.data);
      return;
    }
    const fields = fieldErrors(result.error);
    if (fields) {
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0]])) as RoomFormErrors);
    }
    toast({ title: CHAT_TOASTS.createFailed.title, description: errorMessage(result.error, CHAT_TOASTS.createFailed.fallback), variant: 'destructive' });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors({});
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogTitle className="pr-6 text-lg font-semibold">{CREATE_ROOM_TEXT.title}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-muted-foreground">{CREATE_ROOM_TEXT.description}</DialogDescription>
        <form
          className="mt-4 space-y-4"
          noValidate
          aria-label={CREATE_ROOM_TEXT.title}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormField label={CREATE_ROOM_TEXT.name} error={errors.name}>
            {(c) => <Input {...c} value={form.name} placeholder={CREATE_ROOM_TEXT.namePlaceholder} onChange={(e) => set('name')(e.target.value)} />}
          </FormField>
          <FormField label={CREATE_ROOM_TEXT.roomDescription} error={errors.description}>
            {(c) => <Textarea {...c} className="min-h-16" value={form.description} onChange={(e) => set('description')(e.target.value)} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={CREATE_ROOM_TEXT.category} error={errors.category}>
              {(c) => (
                <select {...c} className="h-10 w-full rounded-md border bg-card px-2 text-sm" value={form.category} onChange={(e) => set('category')(e.target.value)}>
                  {ROOM_CATEGORY_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {ROOM_CATEGORY_TEXT[key]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label={CREATE_ROOM_TEXT.maxUsers} error={errors.maxUsers}>
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  inputMode="numeric"
                  min={ROOM_MAX_USERS_MIN}
                  max={ROOM_MAX_USERS_MAX}
                  value={form.maxUsers}
                  onChange={(e) => set('maxUsers')(e.target.value)}
                />
              )}
            </FormField>
            <FormField label={CREATE_ROOM_TEXT.cooldown} error={errors.messageCooldown}>
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={ROOM_COOLDOWN_MAX}
                  value={form.messageCooldown}
                  onChange={(e) => set('messageCooldown')(e.target.value)}
                />
              )}
            </FormField>
          </div>
          <FormField label={CREATE_ROOM_TEXT.rules} error={errors.customRules}>
            {(c) => (
              <Textarea
                {...c}
                className="min-h-16"
                placeholder={CREATE_ROOM_TEXT.rulesPlaceholder}
                value={form.customRules}
                onChange={(e) => set('customRules')(e.target.value)}
              />
            )}
          </FormField>
          <div className="grid gap-2 rounded-lg border p-3">
            <p id="room-pictures-hint" className="text-xs text-muted-foreground">
              {CREATE_ROOM_TEXT.picturesHint}
            </p>
            {(['allowImages', 'allowGifs'] as const).map((key) => (
              <div key={key} className="flex items-center justify-between gap-4">
                <label htmlFor={`room-${key}`} className="text-sm font-medium">
                  {CREATE_ROOM_TEXT[key]}
                </label>
                <Switch
                  id={`room-${key}`}
                  aria-describedby="room-pictures-hint"
                  checked={form[key]}
                  onCheckedChange={(on) => setForm((f) => ({ ...f, [key]: on }))}
                />
              </div>
            ))}
          </div>
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div>
              <label htmlFor="room-vip-only" className="flex items-center gap-1.5 text-sm font-medium">
                <Crown className="h-4 w-4 text-yellow-500" aria-hidden /> {VIP_ROOM_TEXT.vipOnly}
              </label>
              <p id="room-vip-only-hint" className="mt-0.5 text-xs text-muted-foreground">
                {VIP_ROOM_TEXT.vipOnlyHint}
              </p>
            </div>
            <Switch
              id="room-vip-only"
              aria-describedby="room-vip-only-hint"
              checked={form.vipOnly}
              onCheckedChange={(vipOnly) => setForm((f) => ({ ...f, vipOnly }))}
            />
          </div>
          {errors.vipOnly ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.vipOnly}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {CREATE_ROOM_TEXT.cancel}
            </Button>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? CREATE_ROOM_TEXT.submitting : CREATE_ROOM_TEXT.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

