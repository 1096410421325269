import { Check, Crown, X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { env } from '@/config/env';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { closeVipDialog, selectVipDialogOpen } from '../vip-slice';
import { VIP_TEXT, vipRequestMessage, whatsappLink } from '../vip-copy';

const PREMIUM = new Set(['vip', 'seller', 'moderator']);

export function VipDialog() {
  const open = useAppSelector(selectVipDialogOpen);
  const dispatch = useAppDispatch();
  const { user } = useCurrentUser();
  const close = () => dispatch(closeVipDialog());
  const premium = user !== null && PREMIUM.has(user.role);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className={premium ? 'max-w-sm' : 'max-w-2xl'}>
        {premium ? (
          <div className="text-center">
            <Crown className="mx-auto mb-3 h-10 w-10 text-yellow-500" aria-hidden />
            <DialogTitle className="text-lg font-semibold">{VIP_TEXT.premiumTitle}</DialogTitle>
            <DialogDescription className="mt-2 text-sm text-muted-foreground">{VIP_TEXT.premiumBody}</DialogDescription>
            <Button className="mt-6 w-full" onClick={close}>
              {VIP_TEXT.close}
            </Button>
          </div>
        ) : (
          <>
            <DialogTitle className="flex items-center gap-2 pr-6 text-xl font-semibold">
              <Crown className="h-5 w-5 text-yellow-500" aria-hidden /> {VIP_TEXT.title}
            </DialogTitle>
            <DialogDescription className="mt-1 text-sm text-muted-foreground">{VIP_TEXT.subtitle}</DialogDescription>
            <div className="mt-5 grid gap-4 sm:grid-cols-2">
              <section className="rounded-lg border p-4" aria-label={VIP_TEXT.regularTitle}>
                <h3 className="font-semibold">{VIP_TEXT.regularTitle}</h3>
                <p className="text-2xl font-bold">{VIP_TEXT.regularPrice}</p>
                <ul className="mt-3 space-y-2 text-sm">
                  {VIP_TEXT.regularLimits.map((item) => (
                    <li key={item} className="flex items-start gap-2 text-muted-foreground">
                      <X className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {item}
                    </li>
                  ))}
                </ul>
              </section>
              <section className="rounded-lg border-2 border-yellow-400 bg-yellow-50/60 p-4 dark:bg-yellow-950/20" aria-label={VIP_TEXT.vipTitle}>
                <h3 className="flex items-center gap-1 font-semibold">
                  <Crown className="h-4 w-4 text-yellow-500" aria-hidden /> {VIP_TEXT.vipTitle}
                </h3>
                <p className="text-2xl font-bold">{VIP_TEXT.vipPrice}</p>
                <ul className="mt-3 space-y-2 text-sm">
                  {VIP_TEXT.vipBenefits.map((item) => (
                    <li key={item} className="flex items-start gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden /> {item}
                    </li>
                  ))}
                </ul>
              </section>
            </div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={close}>
                {VIP_TEXT.maybeLater}
              </Button>
              <Button asChild className="bg-green-600 text-white hover:bg-green-700">
                <a
                  href={whatsappLink(env.whatsappNumber, vipRequestMessage(user?.username))}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={close}
                >
                  {VIP_TEXT.contact}
                </a>
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
