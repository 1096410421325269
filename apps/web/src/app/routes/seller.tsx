import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Seo } from '@/components/seo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CallButton, CallButtons } from '@/features/calls/components/call-buttons';
import { useGetSellerQuery } from '@/features/marketplace/api/marketplace-api';
import { SellerPublicProfile, type SellerPageActions } from '@/features/marketplace/components/seller-public-profile';
import { SELLER_PAGE_TEXT } from '@/features/marketplace/marketplace-copy';
import { sellerName } from '@/features/marketplace/types';
import { ReportButton } from '@/features/moderation/components/report-button';
import { REPORT_TEXT } from '@/features/moderation/report-copy';
import type { SellerDto } from '@app/contracts';
import { errorStatus } from '@/lib/errors';

/** What calls and moderation add to a seller's page. */
function sellerPageActions(seller: SellerDto): SellerPageActions {
  return {
    calls: <CallButtons seller={seller} size="lg" />,
    callButton: (callType) => <CallButton seller={seller} callType={callType} variant="service" size="sm" />,
    report: <ReportButton target={{ type: 'seller', id: seller.id, label: sellerName(seller) }} ownerId={seller.userId} label={REPORT_TEXT.reportSeller} />,
  };
}

export function SellerScreen() {
  const { id } = useParams();
  const sellerId = id && /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const { data: seller, isLoading, isError, error, refetch } = useGetSellerQuery(sellerId, { skip: sellerId < 1 });
  const unavailable = isError && errorStatus(error) !== 404;

  return (
    <main className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      {isLoading ? (
        <p className="py-16 text-center text-muted-foreground" role="status">
          {SELLER_PAGE_TEXT.loading}
        </p>
      ) : unavailable ? (
        <Card className="mx-auto mt-8 max-w-md p-8 text-center" role="alert">
          <p className="text-sm text-muted-foreground">{SELLER_PAGE_TEXT.loadFailed}</p>
          <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
            {SELLER_PAGE_TEXT.retry}
          </Button>
        </Card>
      ) : seller && !isError ? (
        <>
          <Seo title={sellerName(seller)} description={seller.bio} />
          <SellerPublicProfile seller={seller} actions={sellerPageActions(seller)} />
        </>
      ) : (
        <Card className="mx-auto mt-8 max-w-md p-8 text-center">
          <Seo title={SELLER_PAGE_TEXT.notFound} />
          <h1 className="text-xl font-semibold">{SELLER_PAGE_TEXT.notFound}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{SELLER_PAGE_TEXT.notFoundHint}</p>
          <Button asChild className="mt-6">
            <Link to="/marketplace">
              <ArrowLeft className="h-4 w-4" aria-hidden /> {SELLER_PAGE_TEXT.back}
            </Link>
          </Button>
        </Card>
      )}
    </main>
  );
}
