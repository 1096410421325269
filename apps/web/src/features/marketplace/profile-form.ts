import type { SellerProfileDto } from '@app/contracts';
import type { SellerProfileChanges } from './types';

/** The editor's copy of the profile: what Save sends (the whole editable profile). */
export function toChanges(profile: SellerProfileDto): SellerProfileChanges {
  return {
    displayName: profile.displayName,
    category: profile.category,
    bio: profile.bio,
    aboutMe: profile.aboutMe,
    experience: profile.experience,
    education: profile.education,
    workHistory: profile.workHistory,
    languages: [...profile.languages],
    services: [...profile.services],
    specialties: [...profile.specialties],
    certifications: [...profile.certifications],
    achievements: [...profile.achievements],
    pricing: {
      audio: { price: profile.pricing.audio.price, currency: 'USD' },
      video: { price: profile.pricing.video.price, currency: 'USD' },
    },
    acceptsCalls: profile.acceptsCalls,
    callAvailability: profile.callAvailability,
    timeZone: profile.timeZone,
    responseTime: profile.responseTime,
    workingHours: { ...profile.workingHours, days: [...profile.workingHours.days] },
    socialMediaLinks: { instagram: '', twitter: '', linkedin: '', website: '', ...profile.socialMediaLinks },
    portfolioItems: profile.portfolioItems.map((item) => ({ ...item, images: [...item.images] })),
    introVideo: profile.introVideo,
    profileMedia: [...profile.profileMedia],
  };
}

const SECONDS_PER_HOUR = 3600;

/** Call time is kept in seconds and shown in whole hours. */
export function callHours(profile: Pick<SellerProfileDto, 'totalAudioCallTime' | 'totalVideoCallTime'>): number {
  return Math.floor((profile.totalAudioCallTime + profile.totalVideoCallTime) / SECONDS_PER_HOUR);
}
