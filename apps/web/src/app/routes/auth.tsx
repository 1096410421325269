import { ArrowLeft, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Seo } from '@/components/seo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { APP_NAME } from '@/config/env';
import { useGuestMutation } from '@/features/auth/api/auth-api';
import { ProviderSignIn } from '@/features/auth/components/provider-sign-in';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useCaptcha } from '@/features/auth/hooks/use-captcha';
import { useText } from '@/i18n/use-text';
import { errorMessage } from '@/lib/errors';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { addEnglish } from '@/i18n/i18n';

addEnglish(authEnglish);

type AuthTab = 'signin' | 'signup';

export function AuthScreen() {
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<AuthTab>('signin');
  // One box for every way of signing in: the password, a passkey and a provider keep the session alike.
  const [rememberMe, setRememberMe] = useState(false);
  const signInCaptcha = useCaptcha();
  const signUpCaptcha = useCaptcha();
  const [enterAsGuest, { isLoading: guestBusy }] = useGuestMutation();
  const t = useText();

  const continueAsGuest = async () => {
    const captcha = tab === 'signin' ? signInCaptcha : signUpCaptcha;
    if (!captcha.token) {
      toast({ variant: 'destructive', title: t('auth.toast.captchaRequired.title'), description: t('auth.toast.captchaRequired.description') });
      return;
    }
    const result = await enterAsGuest({ captchaResponse: captcha.token });
    if ('error' in result) {
      captcha.reset();
      toast({
        variant: 'destructive',
        title: t('auth.toast.guestFailed.title'),
        description: errorMessage(result.error, t('auth.toast.guestFailed.fallback')),
      });
      return;
    }
    navigate('/');
  };

  return (
    <main className="min-h-screen bg-gradient-to-br from-violet-50 via-background to-sky-50 px-4 py-6 dark:from-background dark:to-background">
      <Seo
        title={tab === 'signin' ? t('auth.tab.signIn') : t('auth.tab.signUp')}
        description={t('auth.pageDescription', { appName: APP_NAME })}
      />
      <div className="mx-auto w-full max-w-md">
        <Button variant="ghost" size="sm" asChild className="mb-4">
          <Link to="/">
            <ArrowLeft className="h-4 w-4" /> {t('auth.backToHome')}
          </Link>
        </Button>
        <Card className="p-5 sm:p-6">
          <div className="mb-5 flex flex-col items-center text-center">
            <span className="mb-2 flex h-11 w-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <MessageCircle className="h-6 w-6" aria-hidden />
            </span>
            <h1 className="text-2xl font-bold">{t('auth.welcome', { appName: APP_NAME })}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {tab === 'signin' ? t('auth.signInSubtitle') : t('auth.signUpSubtitle')}
            </p>
          </div>
          <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
            <TabsList>
              <TabsTrigger value="signin">{t('auth.tab.signIn')}</TabsTrigger>
              <TabsTrigger value="signup">{t('auth.tab.signUp')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin" forceMount hidden={tab !== 'signin'}>
              <SignInForm captcha={signInCaptcha} rememberMe={rememberMe} onRememberMeChange={setRememberMe} />
            </TabsContent>
            <TabsContent value="signup" forceMount hidden={tab !== 'signup'}>
              <SignUpForm captcha={signUpCaptcha} />
            </TabsContent>
          </Tabs>

          <ProviderSignIn rememberMe={rememberMe} />
          <Button variant="secondary" className="mt-4 w-full" onClick={() => void continueAsGuest()} disabled={guestBusy}>
            {guestBusy ? t('auth.guest.busy') : t('auth.guest.submit')}
          </Button>
        </Card>
      </div>
    </main>
  );
}
