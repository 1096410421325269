import { rankingScore, roundRating } from './ranking';

const base = { averageRating: 0, reviewCount: 0, totalSessions: 0, responseTime: 'within 1 hour' };

describe('rankingScore', () => {
  it('puts fifty reviews averaging 4.8 above a single 5-star review', () => {
    const many = rankingScore({ ...base, averageRating: 4.8, reviewCount: 50 });
    const one = rankingScore({ ...base, averageRating: 5, reviewCount: 1 });
    expect(many).toBeGreaterThan(one);
  });

  it('rewards sessions and a faster promised response', () => {
    expect(rankingScore({ ...base, totalSessions: 200 })).toBeGreaterThan(rankingScore(base));
    expect(rankingScore({ ...base, responseTime: 'within 15 minutes' })).toBeGreaterThan(
      rankingScore({ ...base, responseTime: 'within 24 hours' }),
    );
  });

  it('stays within 0 to 100 and reaches 100 for a perfect, busy, fast seller', () => {
    const best = rankingScore({ averageRating: 5, reviewCount: 100_000, totalSessions: 10_000, responseTime: 'within 15 minutes' });
    expect(best).toBeLessThanOrEqual(100);
    expect(best).toBeGreaterThan(99.9);
    expect(rankingScore({ ...base, responseTime: 'within 24 hours' })).toBeGreaterThan(0);
  });

  it('rounds ratings to one decimal', () => {
    expect(roundRating(4.666)).toBe(4.7);
    expect(roundRating(4)).toBe(4);
  });
});
