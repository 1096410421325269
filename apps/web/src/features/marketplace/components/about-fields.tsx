import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { WIZARD_TEXT as T } from '../marketplace-copy';
import type { FieldSectionProps } from '../types';
import { SELECT_CLASS } from './form-fields';

export type AboutFieldsProps = FieldSectionProps<'displayName' | 'category' | 'bio' | 'aboutMe'> & {
  categories: readonly { id: string; title: string }[];
  /** The empty first choice, while no category is picked yet. */
  chooseCategory?: string;
  /** Each field's rule under it, with how much of the allowed length is used. */
  hints?: boolean;
};

/** Who the seller is: display name, category, short bio and the long description. */
export function AboutFields({ values, onChange, errors = {}, readOnly = false, categories, chooseCategory, hints = false }: AboutFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={T.displayName} hint={hints ? T.displayNameHint : undefined} error={errors.displayName}>
          {(c) => <Input {...c} readOnly={readOnly} value={values.displayName} maxLength={60} onChange={(e) => onChange({ displayName: e.target.value })} />}
        </FormField>
        <FormField label={T.category} error={errors.category}>
          {(c) => (
            <select {...c} disabled={readOnly} className={SELECT_CLASS} value={values.category} onChange={(e) => onChange({ category: e.target.value })}>
              {chooseCategory ? <option value="">{chooseCategory}</option> : null}
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label={T.bio} hint={hints ? `${T.bioHint} ${values.bio.trim().length}/500` : undefined} error={errors.bio}>
        {(c) => <Textarea {...c} readOnly={readOnly} value={values.bio} maxLength={520} onChange={(e) => onChange({ bio: e.target.value })} />}
      </FormField>
      <FormField label={T.aboutMe} hint={hints ? `${T.aboutMeHint} ${values.aboutMe.trim().length}/2000` : undefined} error={errors.aboutMe}>
        {(c) => (
          <Textarea {...c} readOnly={readOnly} className="min-h-36" value={values.aboutMe} maxLength={2020} onChange={(e) => onChange({ aboutMe: e.target.value })} />
        )}
      </FormField>
    </>
  );
}
