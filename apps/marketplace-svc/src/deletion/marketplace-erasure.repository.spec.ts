import { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_NAME } from '@app/contracts';
import { MarketplaceErasureRepository } from './marketplace-erasure.repository';
import { statementLog } from '@app/testing/fakes';

// The erasure's statements, pinned: the profile withdrawn and emptied, the person's name gone
// from reviews and calls (their amounts kept), their open call line freed. What they leave of
// real rows is checked in tests/api/account-deletion.int-spec.ts.

describe('MarketplaceErasureRepository', () => {
  it('erases the person in five statements of one transaction, counting the rows of each', async () => {
    const { em, statements } = statementLog([1, 2, 3, 4, 0].map((affectedRows) => ({ affectedRows })));
    const transactional = jest.spyOn(em, 'transactional');
    expect(await new MarketplaceErasureRepository(em as unknown as EntityManager).erase(11)).toEqual({
      sellerProfiles: 1,
      reviewsWritten: 2,
      callsMade: 3,
      callsTaken: 4,
      openCalls: 0,
    });
    expect(transactional).toHaveBeenCalledTimes(1);
    expect(statements).toEqual([
      {
        sql:
          `update "sellers" set "username" = ?, "user_avatar" = null, "display_name" = ?, "bio" = '', "about_me" = '', "avatar" = null,` +
          ` "experience" = '', "education" = '', "work_history" = '', "languages" = '[]', "services" = '[]', "specialties" = '[]',` +
          ` "certifications" = '[]', "achievements" = '[]', "social_media_links" = '{}', "portfolio_items" = '[]', "testimonials" = '[]',` +
          ` "profile_media" = '[]', "intro_video" = null, "accepts_calls" = false, "call_availability" = 'unavailable', "availability" = 'offline',` +
          ` "is_busy" = false, "is_verified" = false, "verification_status" = 'rejected', "rejection_reason" = ?, "ranking_score" = 0, "updated_at" = now()` +
          ` where "user_id" = ?`,
        params: [DELETED_USER_NAME, DELETED_USER_NAME, 'The account was deleted.', 11],
      },
      { sql: 'update "reviews" set "buyer_name" = ? where "buyer_id" = ?', params: [DELETED_USER_NAME, 11] },
      { sql: 'update "call_sessions" set "buyer_name" = ? where "buyer_id" = ?', params: [DELETED_USER_NAME, 11] },
      { sql: 'update "call_sessions" set "seller_name" = ? where "seller_user_id" = ?', params: [DELETED_USER_NAME, 11] },
      { sql: 'delete from "active_calls" where "user_id" = ?', params: [11] },
    ]);
  });
});
