import { EDITOR_TEXT, WIZARD_TEXT as T } from '../marketplace-copy';
import type { StepProps } from '../registration-form';
import { ExpertiseFields } from './expertise-fields';
import { TagInput } from './form-fields';

const PLACEHOLDERS = { experience: T.experiencePlaceholder, services: T.servicesPlaceholder, specialties: T.specialtiesPlaceholder };

export function SkillsStep({ draft, errors, set, update }: StepProps) {
  return (
    <div className="space-y-4">
      <ExpertiseFields values={draft} onChange={update} errors={errors} placeholders={PLACEHOLDERS} />
      <TagInput
        label={T.certifications}
        tags={draft.certifications}
        onChange={(value) => set('certifications', value)}
        placeholder={T.certificationsPlaceholder}
        errors={errors.certifications}
        removeLabel={EDITOR_TEXT.removeTag}
      />
      <TagInput
        label={T.achievements}
        tags={draft.achievements}
        onChange={(value) => set('achievements', value)}
        placeholder={T.achievementsPlaceholder}
        errors={errors.achievements}
        removeLabel={EDITOR_TEXT.removeTag}
      />
    </div>
  );
}
