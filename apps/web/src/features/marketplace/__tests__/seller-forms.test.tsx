import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_FIELD } from '@/components/ui/input';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { APPLICATION_TEXT, EDITOR_TEXT, SELLER_TOASTS, WIZARD_TEXT } from '../marketplace-copy';
import { makeSeller, UNAUTHENTICATED } from './seller-fixtures';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ body: makeUser() }));
});

afterEach(() => server.close());

type User = ReturnType<typeof userEvent.setup>;

/** A first step that keeps every rule, typed as a person does. */
async function fillBasicInfo(user: User) {
  const displayName = await screen.findByLabelText(WIZARD_TEXT.displayName);
  await user.clear(displayName);
  await user.type(displayName, 'Ann Coach');
  await user.selectOptions(screen.getByLabelText(WIZARD_TEXT.category), 'emotional');
  await user.clear(screen.getByLabelText(WIZARD_TEXT.bio));
  await user.type(screen.getByLabelText(WIZARD_TEXT.bio), 'Certified coach helping people through change and stress.');
  await user.type(
    screen.getByLabelText(WIZARD_TEXT.aboutMe),
    'For twelve years I have coached people through career moves and burnout. Sessions are practical and kind.',
  );
}

async function fillSkills(user: User) {
  await user.type(screen.getByLabelText(WIZARD_TEXT.experience), '12 years');
  await user.type(screen.getByLabelText(WIZARD_TEXT.education), 'MSc Psychology, Leeds');
  await user.type(screen.getByLabelText(WIZARD_TEXT.workHistory), 'Coach at Bright Paths, then my own practice with hundreds of clients.');
  await user.click(screen.getByRole('button', { name: 'English' }));
  await user.type(screen.getByRole('textbox', { name: WIZARD_TEXT.services }), 'Stress coaching{Enter}');
  await user.type(screen.getByRole('textbox', { name: WIZARD_TEXT.specialties }), 'Burnout{Enter}');
}

async function walkToReview(user: User) {
  await fillBasicInfo(user);
  await user.click(screen.getByRole('button', { name: WIZARD_TEXT.next }));
  await screen.findByRole('heading', { name: 'Skills & Services', level: 2 });
  await fillSkills(user);
  for (const step of ['Pricing & Availability', 'Portfolio', 'Review & Submit']) {
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.next }));
    expect(await screen.findByRole('heading', { name: step, level: 2 })).toBeInTheDocument();
  }
}

describe('Seller registration wizard', () => {
  it('asks a signed-out visitor to sign in', async () => {
    server.on('GET /api/users/me', () => UNAUTHENTICATED);
    renderApp('/seller-registration');
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
  });

  it('checks each step on Next with the server rules, naming the step, and stays until it is right', async () => {
    const user = userEvent.setup();
    renderApp('/seller-registration');
    expect(await screen.findByRole('heading', { name: 'Basic Info', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: WIZARD_TEXT.previous })).toBeDisabled();
    await user.type(screen.getByLabelText(WIZARD_TEXT.displayName), 'A');
    await user.type(screen.getByLabelText(WIZARD_TEXT.bio), 'Too short a bio.');
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.next }));

    expect(await screen.findByText('Basic Info needs attention')).toBeInTheDocument();
    const list = screen.getByTestId('registration-errors');
    for (const message of ['Display name must be at least 2 characters', 'Please select a category', 'Bio must be at least 50 characters', 'About me must be at least 100 characters']) {
      expect(list).toHaveTextContent(message);
    }
    // Only this step's fields: the next steps are not judged before the person reaches them.
    expect(list).not.toHaveTextContent('Experience is required');
    expect(screen.getByRole('heading', { name: 'Basic Info', level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText(WIZARD_TEXT.bio)).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.some((r) => r.path === '/api/sellers/register')).toBe(false);

    await fillBasicInfo(user);
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.next }));
    expect(await screen.findByRole('heading', { name: 'Skills & Services', level: 2 })).toBeInTheDocument();
    expect(screen.queryByTestId('registration-errors')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.next }));
    expect(await screen.findByText('Skills & Services needs attention')).toBeInTheDocument();
    expect(screen.getByTestId('registration-errors')).toHaveTextContent('At least one language is required');

    await fillSkills(user);
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.next }));
    expect(await screen.findByRole('heading', { name: 'Pricing & Availability', level: 2 })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(WIZARD_TEXT.audioPricing));
    await user.type(screen.getByLabelText(WIZARD_TEXT.audioPricing), '2');
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.next }));
    expect(await screen.findByText('Pricing & Availability needs attention')).toBeInTheDocument();
    expect(screen.getByTestId('registration-errors')).toHaveTextContent('Audio pricing must be at least $5');
  });

  it('needs both agreements, lists what the server still refuses and opens the step to fix', async () => {
    const user = userEvent.setup();
    server.on('POST /api/sellers/register', () => ({
      status: 400,
      body: {
        error: 'Bad Request',
        code: 'validation_failed',
        message: 'Display name must be at least 2 characters',
        fields: {
          displayName: ['Display name must be at least 2 characters'],
          audioPricing: ['Audio pricing must be at least $5'],
        },
      },
    }));
    renderApp('/seller-registration');
    await walkToReview(user);
    expect(screen.getByText(WIZARD_TEXT.reviewNote)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.submit }));
    expect(await screen.findByText(SELLER_TOASTS.termsRequired.title)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: WIZARD_TEXT.agreeToTerms }));
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.submit }));
    expect(await screen.findByText(SELLER_TOASTS.commissionRequired.title)).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/sellers/register')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: WIZARD_TEXT.agreeToCommission }));
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.submit }));
    const list = await screen.findByTestId('registration-errors');
    expect(list).toHaveTextContent('Display name must be at least 2 characters');
    expect(list).toHaveTextContent('Audio pricing must be at least $5');
    expect(screen.getByRole('heading', { name: 'Basic Info', level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText(WIZARD_TEXT.displayName)).toHaveAttribute('aria-invalid', 'true');
    const sent = server.requests.find((r) => r.path === '/api/sellers/register')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ audioPricing: 25, videoPricing: 35, agreeToTerms: true, agreeToCommission: true, responseTime: 'within 1 hour' });
    expect(sent.workingHours).toEqual({ start: '09:00', end: '17:00', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] });

    // Typing in a field takes its message off the list; the others stay.
    await user.type(screen.getByLabelText(WIZARD_TEXT.displayName), 'Ann');
    expect(list).not.toHaveTextContent('Display name');
    await user.click(within(list).getByRole('button', { name: 'Go to Pricing & Availability' }));
    expect(screen.getByRole('heading', { name: 'Pricing & Availability', level: 2 })).toBeInTheDocument();
  });

  it('adds tags with Enter, ignores empty text and removes a tag', async () => {
    const user = userEvent.setup();
    renderApp('/seller-registration');
    await fillBasicInfo(user);
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.next }));
    const input = await screen.findByRole('textbox', { name: WIZARD_TEXT.specialties });
    await user.type(input, 'Burnout{Enter}   {Enter}Grief{Enter}burnout{Enter}');
    const tags = screen.getByRole('list', { name: WIZARD_TEXT.specialties });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Burnout', 'Grief']);
    await user.click(screen.getByRole('button', { name: 'Remove Burnout' }));
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Grief']);
  });

  it('thanks the applicant and opens their profile once the server accepts', async () => {
    const user = userEvent.setup();
    const application = makeSeller({ isVerified: false, verificationStatus: 'pending' });
    let applied = false;
    server.on('POST /api/sellers/register', () => {
      applied = true;
      return { status: 201, body: application };
    });
    server.on('GET /api/sellers/profile/me', () => (applied ? { body: application } : { status: 404, body: { error: 'Not Found', code: 'not_found', message: 'Seller profile not found' } }));
    const { router } = renderApp('/seller-registration');
    await walkToReview(user);
    await user.click(screen.getByRole('checkbox', { name: WIZARD_TEXT.agreeToTerms }));
    await user.click(screen.getByRole('checkbox', { name: WIZARD_TEXT.agreeToCommission }));
    await user.click(screen.getByRole('button', { name: WIZARD_TEXT.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByText(SELLER_TOASTS.registered.title)).toBeInTheDocument();
    // Still a regular user until a moderator verifies the application, which the profile shows.
    const summary = await screen.findByRole('region', { name: APPLICATION_TEXT.title });
    expect(summary).toHaveTextContent(EDITOR_TEXT.status.pending);
    expect(within(summary).getByRole('link', { name: APPLICATION_TEXT.manage })).toHaveAttribute('href', '/seller-profile');
    expect(within(screen.getByRole('banner')).getByText('USER')).toBeInTheDocument();
    expect(screen.queryByText('EXPERT')).not.toBeInTheDocument();
  });
});

describe('Seller profile management', () => {
  it('tells a non-seller Access Denied with Become a Seller', async () => {
    renderApp('/seller-profile');
    expect(await screen.findByRole('heading', { name: EDITOR_TEXT.accessDenied })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EDITOR_TEXT.becomeSeller })).toHaveAttribute('href', '/seller-registration');
  });

  it('edits in place, saves the pricing as the server keeps it and shows the refusal reason', async () => {
    const user = userEvent.setup();
    let profile = makeSeller({ verificationStatus: 'rejected', isVerified: false, rejectionReason: 'Please add your certifications.' });
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 40, role: 'seller' }) }));
    server.on('GET /api/sellers/profile/me', () => ({ body: profile }));
    server.on('PATCH /api/sellers/profile/me', ({ body }) => {
      profile = { ...profile, ...(body as object), verificationStatus: 'pending', rejectionReason: null, updatedAt: '2025-03-01T10:00:00.000Z' };
      return { body: profile };
    });
    renderApp('/seller-profile');
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Please add your certifications.');
    expect(screen.getByTestId('seller-stats')).toHaveTextContent('2 h');
    expect(screen.getByLabelText(WIZARD_TEXT.displayName)).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: EDITOR_TEXT.edit }));
    await user.clear(screen.getByLabelText(WIZARD_TEXT.displayName));
    await user.type(screen.getByLabelText(WIZARD_TEXT.displayName), 'Kim Park');
    await user.click(screen.getByRole('tab', { name: EDITOR_TEXT.tabs.professional }));
    await user.type(screen.getByRole('textbox', { name: WIZARD_TEXT.specialties }), 'Startups{Enter}');
    await user.click(screen.getByRole('tab', { name: EDITOR_TEXT.tabs.pricing }));
    await user.clear(screen.getByLabelText(EDITOR_TEXT.audioRate));
    await user.type(screen.getByLabelText(EDITOR_TEXT.audioRate), '30');
    await user.click(screen.getByRole('button', { name: EDITOR_TEXT.save }));

    expect(await screen.findByText(SELLER_TOASTS.profileSaved.title)).toBeInTheDocument();
    // The saved profile, read-only again: the cache shows it a notification after the save ends.
    await waitFor(() => expect(screen.getByTestId('verification-status')).toHaveTextContent('under review'));
    expect(screen.getByRole('button', { name: EDITOR_TEXT.edit })).toBeInTheDocument();
    expect(screen.getByLabelText(EDITOR_TEXT.audioRate)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(EDITOR_TEXT.audioRate)).toHaveValue(30);
    const patch = server.requests.find((r) => r.method === 'PATCH')?.body as Record<string, unknown>;
    expect(patch).toMatchObject({
      displayName: 'Kim Park',
      specialties: ['Tech careers', 'Startups'],
      pricing: { audio: { price: 30, currency: 'USD' }, video: { price: 35, currency: 'USD' } },
    });
  });

  it('marks the fields read-only until Edit Profile, and wraps the five tabs rather than hiding some past the edge', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 40, role: 'seller' }) }));
    server.on('GET /api/sellers/profile/me', () => ({ body: makeSeller() }));
    renderApp('/seller-profile');
    const name = await screen.findByLabelText(WIZARD_TEXT.displayName);
    expect(name).toHaveAttribute('readonly');
    expect(name).toHaveClass(...READ_ONLY_FIELD.split(' '));

    const tabs = screen.getByRole('tablist', { name: EDITOR_TEXT.tabsLabel });
    expect(tabs).toHaveClass('flex', 'flex-wrap');
    expect(tabs).not.toHaveClass('overflow-x-auto');
    expect(tabs).not.toHaveClass('grid');
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(Object.values(EDITOR_TEXT.tabs));

    await user.click(screen.getByRole('button', { name: EDITOR_TEXT.edit }));
    expect(name).not.toHaveAttribute('readonly');
    expect(name).not.toHaveClass('border-dashed');
  });

  it('keeps editing and names the server error when a save is refused', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 40, role: 'seller' }) }));
    server.on('GET /api/sellers/profile/me', () => ({ body: makeSeller() }));
    server.on('PATCH /api/sellers/profile/me', () => ({
      status: 400,
      body: { error: 'Bad Request', code: 'validation_failed', message: 'Bio must be at least 50 characters', fields: { bio: ['Bio must be at least 50 characters'] } },
    }));
    renderApp('/seller-profile');
    await user.click(await screen.findByRole('button', { name: EDITOR_TEXT.edit }));
    await user.clear(screen.getByLabelText(WIZARD_TEXT.bio));
    await user.type(screen.getByLabelText(WIZARD_TEXT.bio), 'Short');
    await user.click(screen.getByRole('button', { name: EDITOR_TEXT.save }));
    expect(await screen.findByText(SELLER_TOASTS.profileSaveFailed.title)).toBeInTheDocument();
    expect(screen.getByText('Bio must be at least 50 characters')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: EDITOR_TEXT.save })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: EDITOR_TEXT.cancel }));
    expect(screen.getByLabelText(WIZARD_TEXT.bio)).toHaveValue(makeSeller().bio);
  });
});
