import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { REPORT_TEXT } from '../report-copy';
import { ReportDialog, type ReportTarget } from './report-dialog';

export type ReportButtonProps = {
  target: ReportTarget;
  /** The person behind what is reported: they are not offered to report themselves. */
  ownerId?: number;
  label?: string;
};

/** A quiet Report link for members, for pages that show one thing (a seller profile). */
export function ReportButton({ target, ownerId, label = REPORT_TEXT.action }: ReportButtonProps) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || user.role === 'guest' || user.id === ownerId) return null;
  return (
    <>
      <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setOpen(true)}>
        <Flag className="h-4 w-4" aria-hidden /> {label}
      </Button>
      <ReportDialog target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  );
}
