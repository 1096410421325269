import type { CreateRoomDto, RoomCategory, RoomDto } from '@app/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { errorBody, errorMessage } from '../../../lib/errors';
import { useCreateRoomMutation } from '../api/chat-api';
import {
  ROOM_CATEGORIES,
  ROOM_CATEGORY_KEYS,
  ROOM_COOLDOWN_DEFAULT,
  ROOM_COOLDOWN_MAX,
  ROOM_DESCRIPTION_MAX,
  ROOM_MAX_USERS_DEFAULT,
  ROOM_MAX_USERS_MAX,
  ROOM_MAX_USERS_MIN,
  ROOM_NAME_MAX,
  ROOM_RULES_MAX,
} from '@app/contracts/browser';
import { CHAT_TOASTS, CREATE_ROOM_TEXT } from '../copy';

interface RoomForm {
  name: string;
  description: string;
  category: RoomCategory | '';
  maxUsers: string;
  customRules: string;
  messageCooldown: string;
}

type FieldErrors = Partial<Record<keyof RoomForm, string>>;

const EMPTY_FORM: RoomForm = {
  name: '',
  description: '',
  category: 'general',
  maxUsers: String(ROOM_MAX_USERS_DEFAULT),
  customRules: '',
  messageCooldown: String(ROOM_COOLDOWN_DEFAULT),
};

function wholeNumberIn(value: string, min: number, max: number): boolean {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
}

/** The spec's room form rules, with its words. */
export function validateRoomForm(form: RoomForm): FieldErrors {
  const errors: FieldErrors = {};
  const { errors: text } = CREATE_ROOM_TEXT;
  if (!form.name.trim()) errors.name = text.nameRequired;
  else if (form.name.trim().length > ROOM_NAME_MAX) errors.name = text.nameTooLong;
  if (form.description.length > ROOM_DESCRIPTION_MAX) errors.description = text.descriptionTooLong;
  if (!form.category) errors.category = text.categoryRequired;
  if (!wholeNumberIn(form.maxUsers, ROOM_MAX_USERS_MIN, ROOM_MAX_USERS_MAX)) errors.maxUsers = text.maxUsers;
  if (form.customRules.length > ROOM_RULES_MAX) errors.customRules = text.rulesTooLong;
  if (!wholeNumberIn(form.messageCooldown, 0, ROOM_COOLDOWN_MAX)) errors.messageCooldown = text.cooldown;
  return errors;
}

export type CreateRoomDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (room: RoomDto) => void;
};

export function CreateRoomDialog({ open, onOpenChange, onCreated }: CreateRoomDialogProps) {
  const [form, setForm] = useState<RoomForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [createRoom, { isLoading }] = useCreateRoomMutation();
  const id = useId();

  const set = (key: keyof RoomForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const found = validateRoomForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: CreateRoomDto = {
      name: form.name.trim(),
      description: form.description.trim() || undefined,
      category: form.category as RoomCategory,
      maxUsers: Number(form.maxUsers),
      customRules: form.customRules.trim() || undefined,
      messageCooldown: Number(form.messageCooldown),
      type: 'public',
      allowImages: false,
      allowGifs: false,
    };
    const result = await createRoom(body);
    if ('data' in result && result.data) {
      toast(CHAT_TOASTS.roomCreated(result.data.name));
      setForm(EMPTY_FORM);
      onOpenChange(false);
      onCreated(result.data);
      return;
    }
    const fields = errorBody(result.error)?.fields;
    if (fields) {
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0]])) as FieldErrors);
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
          <Field id={`${id}-name`} label={CREATE_ROOM_TEXT.name} error={errors.name}>
            <Input
              id={`${id}-name`}
              value={form.name}
              placeholder={CREATE_ROOM_TEXT.namePlaceholder}
              onChange={(e) => set('name')(e.target.value)}
              aria-invalid={!!errors.name}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
            />
          </Field>
          <Field id={`${id}-description`} label={CREATE_ROOM_TEXT.roomDescription} error={errors.description}>
            <Textarea
              id={`${id}-description`}
              className="min-h-16"
              value={form.description}
              onChange={(e) => set('description')(e.target.value)}
              aria-invalid={!!errors.description}
              aria-describedby={errors.description ? `${id}-description-error` : undefined}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id={`${id}-category`} label={CREATE_ROOM_TEXT.category} error={errors.category}>
              <select
                id={`${id}-category`}
                className="h-10 w-full rounded-md border bg-card px-2 text-sm"
                value={form.category}
                onChange={(e) => set('category')(e.target.value)}
                aria-invalid={!!errors.category}
              >
                {ROOM_CATEGORY_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {ROOM_CATEGORIES[key]}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${id}-max`} label={CREATE_ROOM_TEXT.maxUsers} error={errors.maxUsers}>
              <Input
                id={`${id}-max`}
                type="number"
                inputMode="numeric"
                min={ROOM_MAX_USERS_MIN}
                max={ROOM_MAX_USERS_MAX}
                value={form.maxUsers}
                onChange={(e) => set('maxUsers')(e.target.value)}
                aria-invalid={!!errors.maxUsers}
              />
            </Field>
            <Field id={`${id}-cooldown`} label={CREATE_ROOM_TEXT.cooldown} error={errors.messageCooldown}>
              <Input
                id={`${id}-cooldown`}
                type="number"
                inputMode="numeric"
                min={0}
                max={ROOM_COOLDOWN_MAX}
                value={form.messageCooldown}
                onChange={(e) => set('messageCooldown')(e.target.value)}
                aria-invalid={!!errors.messageCooldown}
              />
            </Field>
          </div>
          <Field id={`${id}-rules`} label={CREATE_ROOM_TEXT.rules} error={errors.customRules}>
            <Textarea
              id={`${id}-rules`}
              className="min-h-16"
              placeholder={CREATE_ROOM_TEXT.rulesPlaceholder}
              value={form.customRules}
              onChange={(e) => set('customRules')(e.target.value)}
              aria-invalid={!!errors.customRules}
            />
          </Field>
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

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
