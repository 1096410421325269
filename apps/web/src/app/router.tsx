import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster';
import { VipDialog } from '../features/vip/components/vip-dialog';
import { useTheme } from '../features/settings/hooks/use-theme';
import { AppLayout } from './app-layout';
import { ScrollToHash } from './scroll-to-hash';
import { AuthScreen } from './routes/auth';
import { ChatRoomScreen } from './routes/chat-room';
import { CommunityGuidelinesScreen } from './routes/community-guidelines';
import { CookiePolicyScreen } from './routes/cookie-policy';
import { LandingScreen } from './routes/landing';
import { MarketplaceScreen } from './routes/marketplace';
import { MediaTestScreen } from './routes/media-test';
import { ModerationScreen } from './routes/moderation';
import { MyChatsScreen } from './routes/my-chats';
import { NotFoundScreen } from './routes/not-found';
import { NotificationsScreen } from './routes/notifications';
import { PrivacyPolicyScreen } from './routes/privacy-policy';
import { PrivateChatsScreen } from './routes/private-chats';
import { ProfileScreen } from './routes/profile';
import { PublicRoomsScreen } from './routes/public-rooms';
import { RefundPolicyScreen } from './routes/refund-policy';
import { SellerScreen } from './routes/seller';
import { SellerProfileScreen } from './routes/seller-profile';
import { SellerRegistrationScreen } from './routes/seller-registration';
import { SettingsScreen } from './routes/settings';
import { TermsOfUseScreen } from './routes/terms-of-use';

/** What every screen shares whatever its layout: toasts, the VIP dialog, the theme. */
function AppShell() {
  useTheme();
  return (
    <>
      <ScrollToHash />
      <Outlet />
      <VipDialog />
      <Toaster />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/auth', element: <AuthScreen /> },
      { path: '/chat/:roomId?', element: <ChatRoomScreen /> },
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <LandingScreen /> },
          { path: '/marketplace', element: <MarketplaceScreen /> },
          { path: '/seller/:id', element: <SellerScreen /> },
          { path: '/seller-registration', element: <SellerRegistrationScreen /> },
          { path: '/seller-profile', element: <SellerProfileScreen /> },
          { path: '/public-rooms', element: <PublicRoomsScreen /> },
          { path: '/private-chats', element: <PrivateChatsScreen /> },
          { path: '/my-chats', element: <MyChatsScreen /> },
          { path: '/profile', element: <ProfileScreen /> },
          { path: '/settings', element: <SettingsScreen /> },
          { path: '/notifications', element: <NotificationsScreen /> },
          { path: '/privacy-policy', element: <PrivacyPolicyScreen /> },
          { path: '/terms-of-use', element: <TermsOfUseScreen /> },
          { path: '/refund-policy', element: <RefundPolicyScreen /> },
          { path: '/cookie-policy', element: <CookiePolicyScreen /> },
          { path: '/community-guidelines', element: <CommunityGuidelinesScreen /> },
          { path: '/media-test', element: <MediaTestScreen /> },
          { path: '/moderation', element: <ModerationScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
