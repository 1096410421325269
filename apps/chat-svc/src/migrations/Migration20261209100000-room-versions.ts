import { Migration } from '@mikro-orm/migrations';

/**
 * A room's version: bumped by PostgreSQL whenever anything of the room changes but the message
 * counter (last_seq, last_message_at), whoever changes it. A replica that kept a room in memory
 * stores a send only while the row is still at the version it kept (see MessageInserts).
 */
export class Migration20261209100000RoomVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "rooms" add column "version" integer not null default 0;');
    this.addSql(`create function rooms_version_bump() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end $$;`);
    this.addSql(`create trigger rooms_version_bump before update on "rooms" for each row
      when ((to_jsonb(old) - 'last_seq' - 'last_message_at' - 'version') is distinct from (to_jsonb(new) - 'last_seq' - 'last_message_at' - 'version'))
      execute function rooms_version_bump();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger rooms_version_bump on "rooms";');
    this.addSql('drop function rooms_version_bump();');
    this.addSql('alter table "rooms" drop column "version";');
  }
}
