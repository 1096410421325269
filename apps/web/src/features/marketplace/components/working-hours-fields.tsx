import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { WEEK_DAY_OPTIONS, WIZARD_TEXT as T } from '../marketplace-copy';
import type { FieldSectionProps } from '../types';
import { ToggleGroup } from './form-fields';

/** When the seller works: start and end time, and the days. */
export function WorkingHoursFields({ values, onChange, errors = {}, readOnly = false }: FieldSectionProps<'workingHours'>) {
  const hours = values.workingHours;
  return (
    <>
      <div className="grid max-w-sm grid-cols-2 gap-3">
        <FormField label={T.start} error={errors['workingHours.start']}>
          {(c) => <Input {...c} readOnly={readOnly} type="time" value={hours.start} onChange={(e) => onChange({ workingHours: { ...hours, start: e.target.value } })} />}
        </FormField>
        <FormField label={T.end} error={errors['workingHours.end']}>
          {(c) => <Input {...c} readOnly={readOnly} type="time" value={hours.end} onChange={(e) => onChange({ workingHours: { ...hours, end: e.target.value } })} />}
        </FormField>
      </div>
      <ToggleGroup
        label={T.days}
        options={WEEK_DAY_OPTIONS}
        selected={hours.days}
        onChange={(days) => onChange({ workingHours: { ...hours, days } })}
        errors={errors['workingHours.days']}
        disabled={readOnly}
      />
    </>
  );
}
