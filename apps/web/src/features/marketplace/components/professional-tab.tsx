import { Card } from '@/components/ui/card';
import { EDITOR_TEXT as T } from '../marketplace-copy';
import type { EditorTabProps } from '../types';
import { ExpertiseFields } from './expertise-fields';

const PLACEHOLDERS = { services: T.addTagHint, specialties: T.addTagHint };

export function ProfessionalTab({ shown, update, editing }: EditorTabProps) {
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <ExpertiseFields values={shown} onChange={update} readOnly={!editing} placeholders={PLACEHOLDERS} />
    </Card>
  );
}
