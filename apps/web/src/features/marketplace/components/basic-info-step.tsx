import { REGISTRATION_CATEGORIES, WIZARD_TEXT as T } from '../marketplace-copy';
import type { StepProps } from '../registration-form';
import { AboutFields } from './about-fields';

export function BasicInfoStep({ draft, errors, update }: StepProps) {
  return (
    <div className="space-y-4">
      <AboutFields values={draft} onChange={update} errors={errors} categories={REGISTRATION_CATEGORIES} chooseCategory={T.chooseCategory} hints />
    </div>
  );
}
