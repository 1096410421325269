import 'reflect-metadata';
import { MARKETPLACE_CATEGORIES } from '@app/contracts';
import { SEED_SELLERS } from './seed-data';
import { seedProblems } from './seed';

describe('demo sellers', () => {
  it.each(SEED_SELLERS.map((s) => [s.username, s] as const))('%s passes the application rules', (_name, seller) => {
    expect(seedProblems(seller)).toEqual({});
  });

  it('cover every marketplace category with busy, offline and unverified sellers and both price ranges', () => {
    expect(SEED_SELLERS.length).toBeGreaterThanOrEqual(16);
    for (const category of MARKETPLACE_CATEGORIES) {
      expect(SEED_SELLERS.filter((s) => s.category === category && s.status === 'verified').length).toBeGreaterThanOrEqual(2);
    }
    expect(SEED_SELLERS.some((s) => s.isBusy)).toBe(true);
    expect(SEED_SELLERS.some((s) => s.offline)).toBe(true);
    expect(SEED_SELLERS.some((s) => s.status === 'pending')).toBe(true);
    expect(Math.max(...SEED_SELLERS.map((s) => s.audio))).toBeGreaterThan(100);
    expect(Math.min(...SEED_SELLERS.map((s) => s.audio))).toBeLessThan(10);
  });
});
