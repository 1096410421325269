import type { SellerDto, SellerProfileDto } from '@app/contracts';

export function makeSeller(overrides: Partial<SellerProfileDto> = {}): SellerProfileDto {
  const seller: SellerProfileDto = {
    id: 11,
    userId: 40,
    user: { id: 40, username: 'coach_kim', avatar: null },
    displayName: 'Coach Kim',
    category: 'career',
    bio: 'Former recruiter who helps people land the job they want, fast.',
    aboutMe: '',
    avatar: null,
    experience: '10 years',
    education: 'MBA, University of Manchester',
    workHistory: 'Recruiter at large tech firms, then an independent coach for five years.',
    languages: ['English', 'Korean'],
    services: ['CV review', 'Mock interviews'],
    specialties: ['Tech careers'],
    certifications: [],
    achievements: [],
    pricing: { audio: { price: 25, currency: 'USD' }, video: { price: 35, currency: 'USD' } },
    acceptsCalls: true,
    callAvailability: 'available',
    isBusy: false,
    availability: 'available',
    timeZone: 'UTC+09:00',
    responseTime: 'within 1 hour',
    workingHours: { start: '09:00', end: '17:00', days: ['Monday', 'Tuesday'] },
    socialMediaLinks: {},
    portfolioItems: [],
    testimonials: [],
    profileMedia: [],
    introVideo: null,
    isVerified: true,
    verificationStatus: 'verified',
    rating: 4.5,
    reviewCount: 2,
    totalSessions: 12,
    totalAudioCallTime: 5400,
    totalVideoCallTime: 1800,
    rankingScore: 71.25,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    rejectionReason: null,
    reviewedAt: null,
  };
  return { ...seller, ...overrides };
}

export function asPublic(seller: SellerProfileDto): SellerDto {
  const { rejectionReason: _reason, reviewedAt: _at, ...rest } = seller;
  return rest;
}

export const USD_LOCALE = { countryCode: 'US', countryName: 'United States', currency: 'USD', rate: 1, symbol: '$' };
export const UNAUTHENTICATED = {
  status: 401,
  body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' },
};
