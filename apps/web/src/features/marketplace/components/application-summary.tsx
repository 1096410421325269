import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useGetOwnSellerProfileQuery } from '../api/marketplace-api';
import { APPLICATION_TEXT } from '../marketplace-copy';
import { VerificationNotice } from './verification-notice';

/** The signed-in person's seller application and where to manage it; nothing for someone who never applied. */
export function ApplicationSummary() {
  // A moderator may have decided since the last visit.
  const { data: application } = useGetOwnSellerProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!application) return null;
  return (
    <Card className="mt-6 p-5 sm:p-8" aria-labelledby="seller-application-title" role="region">
      <h2 id="seller-application-title" className="text-lg font-semibold">
        {APPLICATION_TEXT.title}
      </h2>
      <VerificationNotice profile={application} className="mt-3" />
      <Button asChild variant="outline" className="mt-4">
        <Link to="/seller-profile">{APPLICATION_TEXT.manage}</Link>
      </Button>
    </Card>
  );
}
