import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PRICE_BOUNDS } from '../marketplace-copy';

type Kind = 'audio' | 'video';

export type PriceFieldsProps = {
  labels: Record<Kind, string>;
  /** The prices as typed (USD per minute); an empty box is ''. */
  prices: Record<Kind, string>;
  onChange: (kind: Kind, text: string) => void;
  errors?: Partial<Record<Kind, string[]>>;
  readOnly?: boolean;
};

/** The per-minute prices of an audio and a video call, within the server's bounds. */
export function PriceFields({ labels, prices, onChange, errors = {}, readOnly = false }: PriceFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(['audio', 'video'] as const).map((kind) => (
        <FormField key={kind} label={labels[kind]} error={errors[kind]}>
          {(c) => (
            <Input
              {...c}
              readOnly={readOnly}
              type="number"
              inputMode="decimal"
              min={PRICE_BOUNDS[kind].min}
              max={PRICE_BOUNDS[kind].max}
              step={PRICE_BOUNDS.step}
              value={prices[kind]}
              onChange={(e) => onChange(kind, e.target.value)}
            />
          )}
        </FormField>
      ))}
    </div>
  );
}
