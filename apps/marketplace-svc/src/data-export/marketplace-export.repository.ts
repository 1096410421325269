import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { MarketplaceExportPart } from '@app/contracts';

/**
 * One page of each part, keyed by id: their seller profile if they have one, the reviews they
 * wrote and those written about them as a seller, and every call they made or took, with its amounts.
 */
const QUERIES: Record<MarketplaceExportPart, string> = {
  seller: `select * from "sellers" where "user_id" = ? and "id" > ? order by "id" limit ?`,
  reviews: `with me as (select ?::int as "id", ?::int as "after", ?::int as "size")
    select r."id", r."seller_id", s."display_name" as "seller_name", r."buyer_id", r."buyer_name", r."rating", r."comment", r."created_at", r."updated_at",
      case when r."buyer_id" = me."id" then 'written' else 'received' end as "direction"
    from me, "reviews" r join "sellers" s on s."id" = r."seller_id"
    where (r."buyer_id" = me."id" or s."user_id" = me."id") and r."id" > me."after" order by r."id" limit (select "size" from me)`,
  calls: `with me as (select ?::int as "id", ?::int as "after", ?::int as "size")
    select c."id", c."call_type", c."state", c."end_reason", c."buyer_id", c."buyer_name", c."seller_id", c."seller_user_id", c."seller_name",
      c."price_per_minute_cents", c."display_currency", c."display_rate", c."billed_seconds", c."amount_cents", c."commission_cents", c."earning_cents",
      c."created_at", c."accepted_at", c."connected_at", c."ended_at",
      case when c."buyer_id" = me."id" then 'made' else 'taken' end as "direction"
    from me, "call_sessions" c where (c."buyer_id" = me."id" or c."seller_user_id" = me."id") and c."id" > me."after" order by c."id" limit (select "size" from me)`,
};

/** What marketplace-svc holds of one person, read a page at a time for their data export. */
@Injectable()
export class MarketplaceExportRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of the part with ids past `after`, in id order. */
  async page(part: MarketplaceExportPart, userId: number, after: number, limit: number): Promise<Array<Record<string, unknown> & { id: number }>> {
    return this.em.fork().execute(QUERIES[part], [userId, after, limit]);
  }
}
