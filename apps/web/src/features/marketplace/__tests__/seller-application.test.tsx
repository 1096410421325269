import type { UserRole } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { marketplaceApi } from '../api/marketplace-api';
import { APPLICATION_TEXT, APPLIED_NOTICE, EDITOR_TEXT, WIZARD_TEXT } from '../marketplace-copy';
import { makeSeller } from './seller-fixtures';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(() => server.close());

function signedInAs(role: UserRole) {
  server.on('GET /api/users/me', () => ({ body: makeUser({ id: 40, role }) }));
}

const NO_APPLICATION = { status: 404, body: { error: 'Not Found', code: 'not_found', message: 'Seller profile not found' } };

describe('The applicant sees their application', () => {
  it('on the profile page while it is under review, keeping their role', async () => {
    signedInAs('user');
    server.on('GET /api/sellers/profile/me', () => ({ body: makeSeller({ isVerified: false, verificationStatus: 'pending' }) }));
    renderApp('/profile');
    const application = await screen.findByRole('region', { name: APPLICATION_TEXT.title });
    expect(application).toHaveTextContent(EDITOR_TEXT.status.pending);
    expect(within(application).getByRole('link', { name: APPLICATION_TEXT.manage })).toHaveAttribute('href', '/seller-profile');
    expect(within(screen.getByRole('banner')).getByText('USER')).toBeInTheDocument();
    expect(screen.queryByText('EXPERT')).not.toBeInTheDocument();
  });

  it('on the profile page with the reason when it was refused', async () => {
    signedInAs('vip');
    server.on('GET /api/sellers/profile/me', () => ({
      body: makeSeller({ isVerified: false, verificationStatus: 'rejected', rejectionReason: 'Please add your certifications.' }),
    }));
    renderApp('/profile');
    const application = await screen.findByRole('region', { name: APPLICATION_TEXT.title });
    expect(application).toHaveTextContent(EDITOR_TEXT.status.rejected);
    expect(application).toHaveTextContent(`${EDITOR_TEXT.status.rejectedReason} Please add your certifications.`);
    expect(within(application).getByRole('link', { name: APPLICATION_TEXT.manage })).toHaveAttribute('href', '/seller-profile');
    expect(within(screen.getByRole('banner')).getByText('VIP')).toBeInTheDocument();
  });

  it('on the profile page once verified', async () => {
    signedInAs('seller');
    server.on('GET /api/sellers/profile/me', () => ({ body: makeSeller() }));
    renderApp('/profile');
    const application = await screen.findByRole('region', { name: APPLICATION_TEXT.title });
    expect(application).toHaveTextContent(EDITOR_TEXT.status.verified);
  });

  it('nowhere when they never applied', async () => {
    signedInAs('user');
    server.on('GET /api/sellers/profile/me', () => NO_APPLICATION);
    const { store } = renderApp('/profile');
    expect(await screen.findByTestId('profile-username')).toBeInTheDocument();
    // The page has the server's answer (no application) before the check that nothing is shown.
    await waitFor(() => expect(marketplaceApi.endpoints.getOwnSellerProfile.select()(store.getState())).toMatchObject({ isSuccess: true, data: null }));
    expect(screen.queryByRole('region', { name: APPLICATION_TEXT.title })).not.toBeInTheDocument();
  });

  it('in the seller profile editor while still a regular user, and can edit it', async () => {
    const user = userEvent.setup();
    signedInAs('user');
    server.on('GET /api/sellers/profile/me', () => ({ body: makeSeller({ isVerified: false, verificationStatus: 'pending' }) }));
    renderApp('/seller-profile');
    expect(await screen.findByTestId('verification-status')).toHaveTextContent(EDITOR_TEXT.status.pending);
    expect(screen.queryByRole('heading', { name: EDITOR_TEXT.accessDenied })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: EDITOR_TEXT.edit }));
    expect(screen.getByLabelText(WIZARD_TEXT.displayName)).not.toHaveAttribute('readonly');
  });

  it('in the seller profile editor with the reason after a refusal, as a VIP', async () => {
    signedInAs('vip');
    server.on('GET /api/sellers/profile/me', () => ({
      body: makeSeller({ isVerified: false, verificationStatus: 'rejected', rejectionReason: 'Add a photo.' }),
    }));
    renderApp('/seller-profile');
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Add a photo.');
    expect(screen.getByRole('button', { name: EDITOR_TEXT.edit })).toBeInTheDocument();
  });

  it('instead of the wizard when they apply again', async () => {
    signedInAs('user');
    server.on('GET /api/sellers/profile/me', () => ({ body: makeSeller({ isVerified: false, verificationStatus: 'pending' }) }));
    renderApp('/seller-registration');
    expect(await screen.findByRole('heading', { name: APPLIED_NOTICE.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: APPLIED_NOTICE.action!.label })).toHaveAttribute('href', '/seller-profile');
    expect(screen.queryByRole('button', { name: WIZARD_TEXT.next })).not.toBeInTheDocument();
  });
});

describe('Seller profile page without an application', () => {
  it('says Access Denied to a seller-role account the server has no application for', async () => {
    signedInAs('seller');
    server.on('GET /api/sellers/profile/me', () => NO_APPLICATION);
    renderApp('/seller-profile');
    expect(await screen.findByRole('heading', { name: EDITOR_TEXT.accessDenied })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EDITOR_TEXT.becomeSeller })).toHaveAttribute('href', '/seller-registration');
  });

  it('offers a retry, not Access Denied, when the application cannot be loaded', async () => {
    signedInAs('user');
    server.on('GET /api/sellers/profile/me', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'unavailable', message: 'Try later' } }));
    renderApp('/seller-profile');
    expect(await screen.findByText(EDITOR_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: EDITOR_TEXT.retry })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: EDITOR_TEXT.accessDenied })).not.toBeInTheDocument();
  });
});
