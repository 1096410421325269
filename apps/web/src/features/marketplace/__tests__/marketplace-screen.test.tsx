import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { MARKETPLACE_TEXT, SELLER_PAGE_TEXT } from '../marketplace-copy';
import { asPublic, makeSeller, UNAUTHENTICATED, USD_LOCALE } from './seller-fixtures';

let server: TestServer;

const kim = asPublic(makeSeller());
const busy = asPublic(makeSeller({ id: 12, userId: 41, displayName: 'Dr. Lee', category: 'emotional', isBusy: true }));
const away = asPublic(makeSeller({ id: 13, userId: 42, displayName: 'Sam Fun', category: 'fun', acceptsCalls: false, availability: 'offline' }));

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => UNAUTHENTICATED);
  server.on('GET /api/locale', () => ({ body: USD_LOCALE }));
  server.on('GET /api/sellers', ({ query }) => {
    const q = query.get('q')?.toLowerCase();
    const category = query.get('category');
    return {
      body: [kim, busy, away].filter(
        (s) => (!category || s.category === category) && (!q || s.displayName.toLowerCase().includes(q) || s.category.includes(q)),
      ),
    };
  });
});

afterEach(() => server.close());

describe('Marketplace', () => {
  it('shows each seller with the status colours, the not-accepting notice and prices in the badge currency', async () => {
    renderApp('/marketplace');
    const cards = await screen.findAllByTestId('seller-card');
    expect(cards).toHaveLength(3);
    const status = (name: string) => within(cards.find((c) => c.textContent?.includes(name))!).getByTestId('seller-status');
    expect(status('Coach Kim')).toHaveTextContent('Available');
    expect(status('Coach Kim')).toHaveAttribute('data-tone', 'green');
    expect(status('Dr. Lee')).toHaveTextContent('Busy');
    expect(status('Dr. Lee')).toHaveAttribute('data-tone', 'red');
    expect(status('Sam Fun')).toHaveTextContent('Offline');
    expect(status('Sam Fun')).toHaveAttribute('data-tone', 'grey');
    expect(screen.getAllByTestId('not-accepting')).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('$25/min');
    expect(await screen.findByTestId('currency-badge')).toHaveTextContent('USD ($)');
  });

  it('searches and filters by category through the server, keeping both in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/marketplace');
    await screen.findAllByTestId('seller-card');
    await user.click(screen.getByRole('button', { name: 'Emotional Support' }));
    await waitFor(() => expect(screen.getAllByTestId('seller-card')).toHaveLength(1));
    expect(screen.getByTestId('seller-card')).toHaveTextContent('Dr. Lee');
    expect(router.state.location.search).toBe('?category=emotional');

    await user.click(screen.getByRole('button', { name: MARKETPLACE_TEXT.allCategories }));
    await user.type(screen.getByLabelText(MARKETPLACE_TEXT.searchLabel), 'nobody');
    expect(await screen.findByText(MARKETPLACE_TEXT.empty)).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/sellers' && r.query.get('q') === 'nobody')).toBe(true);
  });

  it('sends a signed-out visitor who wants to chat to sign in', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/marketplace');
    const [first] = await screen.findAllByTestId('seller-card');
    await user.click(within(first).getByRole('button', { name: /Chat with/ }));
    expect(router.state.location.pathname).toBe('/auth');
    expect(server.requests.some((r) => r.path === '/api/rooms/private')).toBe(false);
  });

  it('says so when the sellers cannot be fetched', async () => {
    server.on('GET /api/sellers', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'down' } }));
    renderApp('/marketplace');
    expect(await screen.findByText(MARKETPLACE_TEXT.failed)).toBeInTheDocument();
  });
});

describe('Public seller profile', () => {
  it('shows loading, then every part of the profile and its tabs', async () => {
    const user = userEvent.setup();
    server.on('GET /api/sellers/11', () => ({ body: { ...kim, isVerified: false, localPricing: {
      audio: { price: 2146, currency: 'INR', symbol: '₹' },
      video: { price: 3004, currency: 'INR', symbol: '₹' },
    } } }));
    server.on('GET /api/sellers/11/reviews', () => ({
      body: [{ id: 1, sellerId: 11, rating: 4, comment: 'Great mock interview', buyer: { id: 3, username: 'bob' }, createdAt: '2025-02-01T10:00:00.000Z', updatedAt: '2025-02-01T10:00:00.000Z' }],
    }));
    renderApp('/seller/11');
    expect(screen.getByText(SELLER_PAGE_TEXT.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Coach Kim', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('verification-badge')).toHaveTextContent('Unverified');
    expect(screen.getByTestId('starting-price')).toHaveTextContent('₹2146');
    expect(screen.getByTestId('price-currency')).toHaveTextContent('INR');
    expect(screen.getByRole('img', { name: 'India' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Start Chat · ₹2146\/min/ })).toBeInTheDocument();
    // About falls back to the bio when there is no detailed description.
    expect(screen.getAllByText(kim.bio)).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: 'Services' }));
    expect(screen.getByText('Voice consultation')).toBeInTheDocument();
    expect(screen.getByText('Face-to-face consultation')).toBeInTheDocument();
    expect(screen.getByText('Mock interviews')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    expect(screen.getByText(SELLER_PAGE_TEXT.noMedia)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByRole('heading', { name: 'Reviews (1)' })).toBeInTheDocument();
    expect(screen.getByText('Great mock interview')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 stars' })).toBeInTheDocument();
  });

  it('shows Seller not found with a way back', async () => {
    server.on('GET /api/sellers/99', () => ({ status: 404, body: { error: 'Not Found', code: 'not_found', message: 'Seller not found' } }));
    renderApp('/seller/99');
    expect(await screen.findByRole('heading', { name: SELLER_PAGE_TEXT.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SELLER_PAGE_TEXT.back })).toHaveAttribute('href', '/marketplace');
  });

  it('starts the private chat, records the marketplace as its source and opens the room', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    server.on('GET /api/sellers/11', () => ({ body: kim }));
    server.on('GET /api/sellers/11/reviews', () => ({ body: [] }));
    server.on('GET /api/rooms/marketplace-chats', () => ({ body: [] }));
    server.on('POST /api/rooms/private', () => ({ status: 201, body: { id: 321, type: 'private', sellerId: 11 } }));
    sessionStorage.clear();
    const { router } = renderApp('/seller/11');
    await user.click(await screen.findByRole('button', { name: /Start Chat/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/321'));
    expect(server.requests.find((r) => r.path === '/api/rooms/private')?.body).toEqual({ sellerId: 11 });
    expect(sessionStorage.getItem('chatSource')).toBe('marketplace');
  });

  it('offers a review form after a conversation and shows the server refusal', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    server.on('GET /api/sellers/11', () => ({ body: kim }));
    server.on('GET /api/sellers/11/reviews', () => ({ body: [] }));
    server.on('GET /api/rooms/marketplace-chats', () => ({ body: [{ id: 5, sellerId: 11 }] }));
    server.on('POST /api/sellers/11/reviews', () => ({
      status: 403,
      body: { error: 'Forbidden', code: 'forbidden', message: 'You can review a seller after you have had a conversation with them' },
    }));
    renderApp('/seller/11');
    await user.click(await screen.findByRole('tab', { name: 'Reviews' }));
    const form = await screen.findByRole('form', { name: SELLER_PAGE_TEXT.reviewFormTitle });
    await user.click(within(form).getByRole('button', { name: SELLER_PAGE_TEXT.submitReview }));
    expect(within(form).getByRole('alert')).toHaveTextContent(SELLER_PAGE_TEXT.chooseRating);
    await user.click(within(form).getByRole('button', { name: '5 stars' }));
    await user.type(within(form).getByLabelText(SELLER_PAGE_TEXT.comment), 'Very helpful');
    await user.click(within(form).getByRole('button', { name: SELLER_PAGE_TEXT.submitReview }));
    expect(await within(form).findByText('You can review a seller after you have had a conversation with them')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ rating: 5, comment: 'Very helpful' });
  });
});
