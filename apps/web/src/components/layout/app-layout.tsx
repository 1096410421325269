import { Outlet } from 'react-router-dom';
import { SiteHeader } from './site-header';

/** Pages with the shared header. The auth screen and full-screen chat render without it. */
export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  );
}
