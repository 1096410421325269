import { Suspense, useSyncExternalStore, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { APP_ROUTE_REDIRECTS } from '@app/contracts/browser';
import { parse as parsePath } from 'regexparam';
import { matchRoute, Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { ScreenLoading } from '../components/screen-loading';
import { getToasts, subscribeToasts } from '../components/ui/toast-store';
import { useAccountLanguage } from '../features/auth/hooks/use-account-language';
import { CallProvider } from '../features/calls/components/call-provider';
import { useLoadedCallController } from '../features/calls/hooks/use-call-controller';
import { useTheme } from '../features/settings/hooks/use-theme';
import { useHash } from '../hooks/use-hash';
import { useOnceTrue } from '../hooks/use-once-true';
import { selectVipDialogOpen } from '../features/vip/vip-slice';
import { AppLayout } from './app-layout';
import { useAppSelector } from './hooks';
import { lazyPart, lazyScreen, preloadLazyCode } from '../lib/lazy-code';
import { RouteErrorBoundary } from './route-error';
import { ScrollToHash } from './scroll-to-hash';

/** A page of the app: the path pattern it answers (`:name` a parameter, `?` after it optional) and what it shows. */
export interface PageRoute {
  path: string;
  element: ReactElement;
}

const screenPreloads = new Map<ReactElement, () => Promise<void>>();

/** Each screen is a chunk of its own, fetched the first time its route is shown. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const { element, preload } = lazyScreen(load, name);
  screenPreloads.set(element, preload);
  return element;
}

/**
 * Fetches every screen's code now (and that of the parts fetched when first shown: dialogs,
 * menus, calls), so none of them shows the loading state first (tests start so).
 */
export async function preloadScreens(): Promise<void> {
  await preloadLazyCode();
}

/** Fetches the code of the screen at `pathname`, so it renders at once (the landing page's HTML is taken over so). */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const route = routes.find(({ path }) => matchRoute(parsePath, path, pathname)[0]);
  await (route && screenPreloads.get(route.element)?.());
}

// Parts of the shell that not every visit shows, each a chunk fetched the first time it is.
const { Part: CallCenter } = lazyPart(() => import('../features/calls/components/call-center'), 'CallCenter');
const { Part: VipDialog } = lazyPart(() => import('../features/vip/components/vip-dialog'), 'VipDialog');
const { Part: Toaster } = lazyPart(() => import('../components/ui/toaster'), 'Toaster');

/** The call prompt, screen and summary, once the calls code is here (someone signed in). */
function CallCenterWhenReady() {
  return useLoadedCallController() ? <CallCenter /> : null;
}

function VipDialogOnceOpened() {
  return useOnceTrue(useAppSelector(selectVipDialogOpen)) ? <VipDialog /> : null;
}

function ToasterOnceToasted() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return useOnceTrue(toasts.length > 0) ? <Toaster /> : null;
}

/** What every screen shares whatever its layout: toasts, the VIP dialog, the theme, the person's language, and calls (which go on from page to page). */
function AppShell({ children }: { children: ReactNode }) {
  useTheme();
  useAccountLanguage();
  return (
    <CallProvider>
      <ScrollToHash />
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
      <CallCenterWhenReady />
      <VipDialogOnceOpened />
      <ToasterOnceToasted />
    </CallProvider>
  );
}

/** Sends an old or alternative path on to its route, keeping the query and hash. */
function MovedTo({ to }: { to: string }) {
  const search = useSearch();
  const hash = useHash();
  return <Redirect to={`${to}${search ? `?${search}` : ''}${hash}`} replace />;
}

// Every path here is listed in APP_ROUTE_PATHS (contracts): the gateway answers 404 for any other.

/** Pages that fill the screen, without the shared header. */
const fullScreenRoutes: PageRoute[] = [
  { path: '/auth', element: screen(() => import('./routes/auth'), 'AuthScreen') },
  { path: '/auth/provider', element: screen(() => import('./routes/auth-provider'), 'AuthProviderScreen') },
  { path: '/chat/:roomId?', element: screen(() => import('./routes/chat-room'), 'ChatRoomScreen') },
];

/** Pages under the shared header, matched in order: the last, `*`, answers every other path. */
const headerRoutes: PageRoute[] = [
  { path: '/', element: screen(() => import('./routes/landing'), 'LandingScreen') },
  { path: '/marketplace', element: screen(() => import('./routes/marketplace'), 'MarketplaceScreen') },
  { path: '/seller/:id', element: screen(() => import('./routes/seller'), 'SellerScreen') },
  { path: '/seller-registration', element: screen(() => import('./routes/seller-registration'), 'SellerRegistrationScreen') },
  { path: '/seller-profile', element: screen(() => import('./routes/seller-profile'), 'SellerProfileScreen') },
  { path: '/public-rooms', element: screen(() => import('./routes/public-rooms'), 'PublicRoomsScreen') },
  { path: '/private-chats', element: screen(() => import('./routes/private-chats'), 'PrivateChatsScreen') },
  { path: '/my-chats', element: screen(() => import('./routes/my-chats'), 'MyChatsScreen') },
  { path: '/calls', element: screen(() => import('./routes/calls'), 'CallsScreen') },
  { path: '/profile', element: screen(() => import('./routes/profile'), 'ProfileScreen') },
  { path: '/settings', element: screen(() => import('./routes/settings'), 'SettingsScreen') },
  { path: '/forgot-password', element: screen(() => import('./routes/forgot-password'), 'ForgotPasswordScreen') },
  { path: '/reset-password', element: screen(() => import('./routes/reset-password'), 'ResetPasswordScreen') },
  { path: '/verify-email', element: screen(() => import('./routes/verify-email'), 'VerifyEmailScreen') },
  { path: '/end-session', element: screen(() => import('./routes/end-session'), 'EndSessionScreen') },
  { path: '/notifications', element: screen(() => import('./routes/notifications'), 'NotificationsScreen') },
  { path: '/search', element: screen(() => import('./routes/search'), 'SearchScreen') },
  { path: '/privacy-policy', element: screen(() => import('./routes/privacy-policy'), 'PrivacyPolicyScreen') },
  { path: '/terms-of-use', element: screen(() => import('./routes/terms-of-use'), 'TermsOfUseScreen') },
  { path: '/refund-policy', element: screen(() => import('./routes/refund-policy'), 'RefundPolicyScreen') },
  { path: '/cookie-policy', element: screen(() => import('./routes/cookie-policy'), 'CookiePolicyScreen') },
  { path: '/community-guidelines', element: screen(() => import('./routes/community-guidelines'), 'CommunityGuidelinesScreen') },
  { path: '/media-test', element: screen(() => import('./routes/media-test'), 'MediaTestScreen') },
  { path: '/moderation', element: screen(() => import('./routes/moderation'), 'ModerationScreen') },
  ...Object.entries(APP_ROUTE_REDIRECTS).map(([path, to]) => ({ path, element: <MovedTo to={to} /> })),
  { path: '*', element: screen(() => import('./routes/not-found'), 'NotFoundScreen') },
];

/** Every page, in the order they are matched. */
export const routes: PageRoute[] = [...fullScreenRoutes, ...headerRoutes];

// Keyed by pattern, so another page is a new subtree while the same page with other parameters stays.
const pageRoute = ({ path, element }: PageRoute) => (
  <Route key={path} path={path}>
    {element}
  </Route>
);

/**
 * The pages, at the location of the router the caller gives (the browser's address by default,
 * or a fixed or memory one for the build's render and tests). The header stays mounted from
 * one of its pages to the next.
 */
export function AppRoutes() {
  const [pathname] = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <AppShell>
        <Switch>
          {fullScreenRoutes.map(pageRoute)}
          <Route>
            <AppLayout>
              <Switch>{headerRoutes.map(pageRoute)}</Switch>
            </AppLayout>
          </Route>
        </Switch>
      </AppShell>
    </RouteErrorBoundary>
  );
}
