import { applicationProblems, type FieldMessage } from '@app/contracts/browser';
import { wordField } from '@/lib/errors';
import { DEFAULT_PRICES, DEFAULT_RESPONSE_TIME, DEFAULT_WORKING_HOURS } from './marketplace-copy';
import type { SellerRegistration, SetField } from './types';

/** The wizard's state: prices stay as typed until they are sent. */
export interface RegistrationDraft extends Omit<SellerRegistration, 'audioPricing' | 'videoPricing'> {
  audioPricing: string;
  videoPricing: string;
}

/** What each step of the wizard gets. */
export type StepProps = {
  draft: RegistrationDraft;
  errors: Record<string, string[]>;
  /** Sets one top-level field and clears its errors. */
  set: SetField<RegistrationDraft>;
  /** Sets several fields at once, clearing their errors. */
  update: (changes: Partial<RegistrationDraft>) => void;
};

export function emptyDraft(): RegistrationDraft {
  return {
    displayName: '',
    category: '',
    bio: '',
    aboutMe: '',
    experience: '',
    education: '',
    workHistory: '',
    languages: [],
    services: [],
    specialties: [],
    certifications: [],
    achievements: [],
    audioPricing: String(DEFAULT_PRICES.audio),
    videoPricing: String(DEFAULT_PRICES.video),
    acceptsCalls: true,
    callAvailability: 'available',
    timeZone: 'UTC+00:00',
    responseTime: DEFAULT_RESPONSE_TIME,
    workingHours: { ...DEFAULT_WORKING_HOURS, days: [...DEFAULT_WORKING_HOURS.days] },
    socialMediaLinks: { instagram: '', twitter: '', linkedin: '', website: '' },
    portfolioItems: [],
    testimonials: [],
    agreeToTerms: false,
    agreeToCommission: false,
  };
}

/** A price box left empty is sent as null, so the server names the rule it breaks. */
function price(text: string): number {
  return text.trim() === '' ? (null as unknown as number) : Number(text);
}

export function toRegistration(draft: RegistrationDraft): SellerRegistration {
  return {
    ...draft,
    audioPricing: price(draft.audioPricing),
    videoPricing: price(draft.videoPricing),
    portfolioItems: draft.portfolioItems.map((item) => ({ ...item, images: item.images ?? [] })),
  };
}

/** Which step holds each field, so a refused application opens where the first problem is. */
const STEP_FIELDS: readonly (readonly string[])[] = [
  ['displayName', 'category', 'bio', 'aboutMe'],
  ['experience', 'education', 'workHistory', 'languages', 'services', 'specialties', 'certifications', 'achievements'],
  ['audioPricing', 'videoPricing', 'acceptsCalls', 'callAvailability', 'timeZone', 'responseTime', 'workingHours'],
  ['portfolioItems', 'testimonials', 'socialMediaLinks'],
  ['agreeToTerms', 'agreeToCommission'],
];

export function stepOfField(path: string): number {
  const root = path.split('.')[0];
  const step = STEP_FIELDS.findIndex((fields) => fields.includes(root));
  return step === -1 ? STEP_FIELDS.length - 1 : step;
}

/** Drops the errors of a field (and of its nested fields) once the person changes it. */
export function withoutErrors(errors: Record<string, string[]>, path: string): Record<string, string[]> {
  const next: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (key !== path && !key.startsWith(`${path}.`)) next[key] = messages;
  }
  return next;
}

/** A rule's message in the language spoken (the server's words, by their code). */
export function wordProblem(problem: FieldMessage): string {
  return wordField(problem, problem.message);
}

/** The rules the fields of these steps break, checked with the server's own rules before anything is sent, in the language spoken. */
export function problemsIn(draft: RegistrationDraft, steps: readonly number[]): Record<string, string[]> {
  const problems = applicationProblems(toRegistration(draft) as unknown as Record<string, unknown>);
  return Object.fromEntries(
    Object.entries(problems)
      .filter(([path]) => steps.includes(stepOfField(path)))
      .map(([path, list]) => [path, list.map(wordProblem)]),
  );
}
