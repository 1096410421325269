import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { EDITOR_TEXT, SELLER_LANGUAGE_OPTIONS, WIZARD_TEXT as T } from '../marketplace-copy';
import type { FieldSectionProps } from '../types';
import { TagInput, ToggleGroup } from './form-fields';

export type ExpertiseFieldsProps = FieldSectionProps<'experience' | 'education' | 'workHistory' | 'languages' | 'services' | 'specialties'> & {
  placeholders: { experience?: string; services: string; specialties: string };
};

/** What the seller knows: experience, education, work history, languages, services and specialties. */
export function ExpertiseFields({ values, onChange, errors = {}, readOnly = false, placeholders }: ExpertiseFieldsProps) {
  return (
    <>
      <FormField label={T.experience} error={errors.experience}>
        {(c) => (
          <Input
            {...c}
            readOnly={readOnly}
            value={values.experience}
            maxLength={200}
            placeholder={placeholders.experience}
            onChange={(e) => onChange({ experience: e.target.value })}
          />
        )}
      </FormField>
      <FormField label={T.education} error={errors.education}>
        {(c) => <Textarea {...c} readOnly={readOnly} value={values.education} maxLength={2000} onChange={(e) => onChange({ education: e.target.value })} />}
      </FormField>
      <FormField label={T.workHistory} error={errors.workHistory}>
        {(c) => <Textarea {...c} readOnly={readOnly} value={values.workHistory} maxLength={2000} onChange={(e) => onChange({ workHistory: e.target.value })} />}
      </FormField>
      <ToggleGroup
        label={T.languages}
        options={readOnly ? values.languages : SELLER_LANGUAGE_OPTIONS}
        selected={values.languages}
        onChange={(value) => onChange({ languages: value })}
        errors={errors.languages}
        disabled={readOnly}
      />
      <TagInput
        label={T.services}
        tags={values.services}
        onChange={(value) => onChange({ services: value })}
        placeholder={placeholders.services}
        errors={errors.services}
        disabled={readOnly}
        removeLabel={EDITOR_TEXT.removeTag}
      />
      <TagInput
        label={T.specialties}
        tags={values.specialties}
        onChange={(value) => onChange({ specialties: value })}
        placeholder={placeholders.specialties}
        errors={errors.specialties}
        disabled={readOnly}
        removeLabel={EDITOR_TEXT.removeTag}
      />
    </>
  );
}
