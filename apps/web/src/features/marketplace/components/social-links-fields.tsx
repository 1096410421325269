import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SOCIAL_LINK_FIELDS } from '../marketplace-copy';
import type { FieldSectionProps } from '../types';

/** The seller's Instagram, Twitter, LinkedIn and website addresses. */
export function SocialLinksFields({ values, onChange, errors = {}, readOnly = false }: FieldSectionProps<'socialMediaLinks'>) {
  const links = values.socialMediaLinks;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {SOCIAL_LINK_FIELDS.map((link) => (
        <FormField key={link.id} label={link.label} error={errors[`socialMediaLinks.${link.id}`]}>
          {(c) => (
            <Input
              {...c}
              readOnly={readOnly}
              type="url"
              inputMode="url"
              placeholder={link.placeholder}
              value={links[link.id] ?? ''}
              onChange={(e) => onChange({ socialMediaLinks: { ...links, [link.id]: e.target.value } })}
            />
          )}
        </FormField>
      ))}
    </div>
  );
}
