import { FormField } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import { RESPONSE_TIME_OPTIONS, TIME_ZONE_OPTIONS, WIZARD_TEXT as T } from '../marketplace-copy';
import type { FieldSectionProps } from '../types';
import { SELECT_CLASS } from './form-fields';

export type CallFieldsProps = FieldSectionProps<'acceptsCalls' | 'callAvailability' | 'timeZone' | 'responseTime'> & {
  availabilityOptions: readonly { id: string; title: string }[];
};

/** Whether and when the seller takes calls: the switch, call availability, time zone and response time. */
export function CallFields({ values, onChange, errors = {}, readOnly = false, availabilityOptions }: CallFieldsProps) {
  return (
    <>
      <label className="flex items-center justify-between gap-3 rounded-md border p-3">
        <span className="text-sm font-medium">{T.acceptsCalls}</span>
        <Switch checked={values.acceptsCalls} disabled={readOnly} onCheckedChange={(value) => onChange({ acceptsCalls: value })} aria-label={T.acceptsCalls} />
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={T.callAvailability} error={errors.callAvailability}>
          {(c) => (
            <select {...c} disabled={readOnly} className={SELECT_CLASS} value={values.callAvailability} onChange={(e) => onChange({ callAvailability: e.target.value })}>
              {availabilityOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={T.timeZone} error={errors.timeZone}>
          {(c) => (
            <select {...c} disabled={readOnly} className={SELECT_CLASS} value={values.timeZone} onChange={(e) => onChange({ timeZone: e.target.value })}>
              {TIME_ZONE_OPTIONS.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={T.responseTime} error={errors.responseTime}>
          {(c) => (
            <select {...c} disabled={readOnly} className={SELECT_CLASS} value={values.responseTime} onChange={(e) => onChange({ responseTime: e.target.value })}>
              {RESPONSE_TIME_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </>
  );
}
