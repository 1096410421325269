import { VIP_PRICE } from '../vip/vip-strings';

/** The landing page's copy, shared by the page and its tests. */
export const LANDING_TEXT = {
  heroBadge: 'Free public rooms - 100+ people online together',
  heroTitle: 'Chat freely. Talk to experts.',
  heroSubtitle:
    'Join free public chat rooms, hold private one-to-one chats, go VIP for unlimited messaging and media, and book audio or video calls with verified experts.',
  startChat: 'Start Chat Now',
  publicRooms: 'Free Public Rooms',
  randomChat: 'Random Chat',
  statsUsers: 'Active users',
  statsRating: 'Average rating',
  statsUnavailable: 'Community stats are unavailable right now.',
  previewTitle: 'Live from the community',
  previewEmpty: 'No messages yet. Be the first to start the conversation!',
  previewUnavailable: 'Recent messages are unavailable right now.',
  categoriesTitle: 'Find the right expert',
  categoriesSubtitle: 'Browse experts by what you need help with.',
  categoryNoExperts: 'No experts yet',
  categoryCountsUnavailable: 'Expert counts unavailable',
  expertsTitle: 'Featured experts',
  expertsSubtitle: 'Verified people ready to talk by audio or video call.',
  expertsEmpty: 'No experts have joined yet. Check back soon.',
  expertsFailed: 'Failed to fetch sellers',
  expertsBrowse: 'Browse all experts',
  howTitle: 'How it works',
  featuresTitle: 'Everything you need to connect',
  safetyTitle: 'Safe by design',
  plansTitle: 'Plans',
  plansSubtitle: 'Start free. Upgrade when you want more.',
} as const;

export const HOW_IT_WORKS = [
  { title: 'Join for free', body: 'Enter as a guest to read public rooms, or create a free account to start chatting.' },
  { title: 'Find your people or an expert', body: 'Chat in public rooms by topic, or browse verified experts by category.' },
  { title: 'Chat or call', body: 'Start a private chat, then book an audio or video call with built-in payments.' },
] as const;

export const FEATURES = [
  { title: 'Free public rooms', body: 'Rooms for every topic with 100+ simultaneous users.' },
  { title: 'Expert marketplace', body: 'Verified experts in dating, career, friendship, emotional support and fun.' },
  { title: 'Audio & video calls', body: 'Talk face to face or by voice, with built-in payments.' },
  { title: 'Anti-bot protection', body: 'A security check at every sign-in keeps automated accounts out.' },
  { title: 'Moderation', body: 'Filters mask offensive words and hold back floods and link spam; moderators act on every report.' },
  { title: 'Report & block', body: 'Report a message or block a person in one tap.' },
  { title: 'Mobile-first', body: 'Designed for your phone first, great on every screen.' },
] as const;

/** What the product does, as its code does it (chat-svc's content filter and send limits, the moderators' desk). */
export const SAFETY = {
  points: [
    'Every expert is checked by our moderators before offering calls',
    'Automatic filters mask offensive words in public rooms and hold back floods, repeated messages and link spam',
    'Moderators act on reports: they remove messages, warn, mute, suspend or ban',
    'Report and block tools in every chat',
    'Security verification against bots',
  ],
} as const;

export const PLANS = [
  {
    id: 'guest',
    name: 'Guest',
    price: 'Free',
    period: '',
    features: ['Read public rooms', 'Browse expert profiles', 'No sign-up needed'],
    cta: 'Browse Rooms',
    to: '/public-rooms',
  },
  {
    id: 'regular',
    name: 'Regular',
    price: 'Free',
    period: '',
    features: ['Send text in public rooms (30 s cooldown)', 'Private chats', 'Chat with experts'],
    cta: 'Sign Up Free',
    to: '/auth',
  },
  {
    id: 'vip',
    name: 'VIP',
    price: VIP_PRICE.amount,
    period: `/${VIP_PRICE.period}`,
    features: [
      'Unlimited messaging, no cooldowns',
      'Images, GIFs and voice notes',
      'Audio and video calls',
      'Exclusive VIP rooms and badge',
      'Cancel anytime - 7-day money-back guarantee',
    ],
    cta: 'Get VIP',
    to: '/auth',
  },
] as const;
