/** A complete, valid five-step seller application, as the registration wizard sends it. */
export function sellerApplication(overrides: Record<string, unknown> = {}) {
  return {
    displayName: 'Maya Career Coach',
    category: 'career',
    bio: 'Career coach helping people land the job they want, from CV to final interview.',
    aboutMe:
      'I spent ten years hiring engineers and designers. Now I help candidates tell their story, prepare for interviews and negotiate offers with confidence.',
    experience: '10 years',
    education: 'MSc Organisational Psychology',
    workHistory: 'Recruiter at two software companies, then head of talent at a fintech start-up.',
    languages: ['English', 'Hindi'],
    services: ['CV review', 'Mock interviews'],
    specialties: ['Tech careers'],
    certifications: [],
    achievements: [],
    audioPricing: 25,
    videoPricing: 35,
    acceptsCalls: true,
    callAvailability: 'available',
    timeZone: 'UTC+05:30',
    responseTime: 'within 1 hour',
    workingHours: { start: '09:00', end: '17:00', days: ['Monday', 'Tuesday'] },
    socialMediaLinks: { linkedin: 'https://www.linkedin.com/in/maya', website: '' },
    portfolioItems: [{ title: 'Interview guide', description: 'A guide to technical interviews.', images: [] }],
    testimonials: [{ clientName: 'Ravi', review: 'Maya got me through three rounds of interviews.', rating: 5 }],
    agreeToTerms: true,
    agreeToCommission: true,
    ...overrides,
  };
}
