import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DESK_TEXT as T, MODERATION_TEXT } from '../moderation-copy';
import { ApplicationsList } from './applications-list';
import { AuditLog } from './audit-list';
import { ReportsQueue } from './reports-queue';
import { UserSearch } from './user-search';

/** The moderators' page: reports, people and the audit log, with the seller applications beneath. */
export function ModerationDesk() {
  return (
    <div className="space-y-10">
      <Tabs defaultValue="reports">
        <TabsList>
          <TabsTrigger value="reports">{T.tabs.reports}</TabsTrigger>
          <TabsTrigger value="users">{T.tabs.users}</TabsTrigger>
          <TabsTrigger value="audit">{T.tabs.audit}</TabsTrigger>
        </TabsList>
        <TabsContent value="reports">
          <ReportsQueue />
        </TabsContent>
        <TabsContent value="users">
          <UserSearch />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLog />
        </TabsContent>
      </Tabs>
      <section aria-labelledby="seller-applications">
        <h2 id="seller-applications" className="text-xl font-bold">
          {MODERATION_TEXT.title}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">{MODERATION_TEXT.subtitle}</p>
        <ApplicationsList />
      </section>
    </div>
  );
}
