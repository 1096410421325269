import { EntityManager } from '@mikro-orm/postgresql';
import type { MarketplaceExportPart } from '@app/contracts';
import { MarketplaceExportRepository } from './marketplace-export.repository';
import { statementLog } from '@app/testing/fakes';

// Each part of the data export is one page statement keyed by id; pinned here, run on real rows
// in tests/api/data-export.int-spec.ts.

describe('MarketplaceExportRepository', () => {
  it.each<[MarketplaceExportPart, RegExp]>([
    ['seller', /^select \* from "sellers" where "user_id" = \? and "id" > \? order by "id" limit \?$/],
    ['reviews', /^with me as \(select \?::int as "id", \?::int as "after", \?::int as "size"\) select r\."id", .* where \(r\."buyer_id" = me\."id" or s\."user_id" = me\."id"\) and r\."id" > me\."after" order by r\."id" limit \(select "size" from me\)$/],
    ['calls', /^with me as \(select \?::int as "id", \?::int as "after", \?::int as "size"\) select c\."id", .* where \(c\."buyer_id" = me\."id" or c\."seller_user_id" = me\."id"\) and c\."id" > me\."after" order by c\."id" limit \(select "size" from me\)$/],
  ])('reads a page of %s past an id, in id order, for the person only', async (part, statement) => {
    const { em, statements } = statementLog([[{ id: 5 }]]);
    expect(await new MarketplaceExportRepository(em as unknown as EntityManager).page(part, 11, 4, 100)).toEqual([{ id: 5 }]);
    expect(statements).toEqual([{ sql: expect.stringMatching(statement), params: [11, 4, 100] }]);
  });

  it('says which side of a review or a call the person was on', async () => {
    const { em, statements } = statementLog();
    const repository = new MarketplaceExportRepository(em as unknown as EntityManager);
    await repository.page('reviews', 11, 0, 100);
    await repository.page('calls', 11, 0, 100);
    expect(statements[0].sql).toContain(`case when r."buyer_id" = me."id" then 'written' else 'received' end as "direction"`);
    expect(statements[1].sql).toContain(`case when c."buyer_id" = me."id" then 'made' else 'taken' end as "direction"`);
  });
});
