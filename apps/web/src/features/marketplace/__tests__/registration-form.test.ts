import { switchLanguage } from '@/i18n/i18n';
import { AGREEMENT_MESSAGES } from '../marketplace-copy';
import { emptyDraft, problemsIn } from '../registration-form';

afterEach(() => switchLanguage('en'));

describe("The application wizard's own checks", () => {
  it('say the server rules in English as the server says them', () => {
    const draft = { ...emptyDraft(), displayName: 'A', languages: ['English', 'Klingon'] };
    expect(problemsIn(draft, [0, 1])).toMatchObject({
      displayName: ['Display name must be at least 2 characters'],
      category: ['Please select a category'],
      languages: ['Klingon is not one of the choices'],
    });
    expect(AGREEMENT_MESSAGES.agreeToTerms).toBe('You must agree to terms and conditions');
  });

  it('say them in Hindi, with their values, to a Hindi reader', async () => {
    await switchLanguage('hi');
    const draft = { ...emptyDraft(), displayName: 'A', languages: ['English', 'Klingon'], audioPricing: '4' };
    expect(problemsIn(draft, [0, 1, 2])).toMatchObject({
      displayName: ['दिखने वाला नाम कम से कम 2 अक्षरों का होना चाहिए'],
      category: ['कृपया कोई श्रेणी चुनें'],
      languages: ['Klingon दिए गए विकल्पों में से नहीं है'],
      audioPricing: ['ऑडियो कॉल की कीमत कम से कम $5 होनी चाहिए'],
    });
    expect(AGREEMENT_MESSAGES.agreeToCommission).toBe('आपको कमीशन का ढाँचा मानना होगा');
  });
});
