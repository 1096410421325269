import { screen, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { LANDING_TEXT, SAFETY } from '../landing-copy';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({
    status: 401,
    body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' },
  }));
});

afterEach(() => server.close());

describe('Landing page', () => {
  it('shows live data from the chat and marketplace services', async () => {
    server.on('GET /api/messages/recent', ({ query }) => ({
      body: [
        { id: 1, content: 'Anyone up for chess?', sender: { username: 'bob', role: 'user' } },
        { id: 2, content: 'Happy to help with your CV', sender: { username: 'coach_kim', role: 'seller' } },
      ].slice(0, Number(query.get('limit'))),
    }));
    server.on('GET /api/stats', () => ({ body: { totalUsers: 12_400, rating: 4.8 } }));
    server.on('GET /api/sellers/featured', () => ({
      body: [
        { id: 5, displayName: 'Coach Kim', category: 'career', rating: 4.9, reviewCount: 3, isVerified: true, user: { id: 1, username: 'kim', avatar: null } },
        { id: 6, displayName: 'Dr. Lee', category: 'emotional', rating: 4.5, reviewCount: 1, isVerified: true, user: { id: 2, username: 'lee', avatar: null } },
      ],
    }));
    server.on('GET /api/sellers/categories', () => ({
      body: [
        { category: 'dating', label: 'Dating & Romance', count: 0 },
        { category: 'career', label: 'Career Guidance', count: 2 },
        { category: 'friendship', label: 'Friendship', count: 0 },
        { category: 'emotional', label: 'Emotional Support', count: 1 },
        { category: 'fun', label: 'Fun & Entertainment', count: 0 },
      ],
    }));
    renderApp('/');
    expect(await screen.findByText('Anyone up for chess?')).toBeInTheDocument();
    expect(screen.getByText('Happy to help with your CV').closest('li')).toHaveClass('flex-row-reverse');
    expect(await screen.findByText('12K+')).toBeInTheDocument();
    expect(screen.getByText('4.8/5')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Coach Kim/ })).toHaveAttribute('href', '/seller/5');
    expect(screen.getByRole('link', { name: /Dr\. Lee/ })).toHaveAttribute('href', '/seller/6');
    expect(screen.getByTestId('category-count-career')).toHaveTextContent('2 experts');
    expect(screen.getByTestId('category-count-emotional')).toHaveTextContent('1 expert');
    expect(screen.getByTestId('category-count-dating')).toHaveTextContent(LANDING_TEXT.categoryNoExperts);
    expect(server.requests.find((r) => r.path === '/api/messages/recent')?.query.get('limit')).toBe('3');
  });

  it('says so plainly when those services fail or have nothing yet', async () => {
    server.on('GET /api/messages/recent', () => ({ body: [] }));
    server.on('GET /api/stats', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'down' } }));
    server.on('GET /api/sellers/featured', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'down' } }));
    server.on('GET /api/sellers/categories', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'down' } }));
    renderApp('/');
    expect(await screen.findByText(LANDING_TEXT.previewEmpty)).toBeInTheDocument();
    expect(await screen.findByText(LANDING_TEXT.statsUnavailable)).toBeInTheDocument();
    expect(await screen.findByText(LANDING_TEXT.expertsFailed)).toBeInTheDocument();
    expect(screen.getByTestId('category-count-fun')).toHaveTextContent(LANDING_TEXT.categoryCountsUnavailable);
  });

  it('has every section, the hero buttons and the plan buttons', async () => {
    server.on('GET /api/messages/recent', () => ({ body: [] }));
    server.on('GET /api/stats', () => ({ body: { totalUsers: 10, rating: 5 } }));
    server.on('GET /api/sellers/featured', () => ({ body: [] }));
    const { container } = renderApp('/');
    expect(await screen.findByText(LANDING_TEXT.expertsEmpty)).toBeInTheDocument();
    for (const id of ['features', 'how-it-works', 'safety', 'pricing']) {
      expect(container.querySelector(`#${id}`)).not.toBeNull();
    }
    expect(screen.getByRole('link', { name: /Start Chat Now/ })).toHaveAttribute('href', '/marketplace');
    expect(screen.getByRole('link', { name: 'Free Public Rooms' })).toHaveAttribute('href', '/public-rooms');
    const random = screen.getByRole('link', { name: /Random Chat/ });
    expect(random).toHaveAttribute('target', '_blank');
    expect(random).toHaveAttribute('href', 'https://random-chat.example');
    // The safety panel claims no figure the data does not hold, and no AI the code does not have.
    const safety = container.querySelector('#safety') as HTMLElement;
    expect(within(safety).getAllByRole('listitem')).toHaveLength(SAFETY.points.length);
    expect(safety.textContent).not.toMatch(/\d+(\.\d+)?%|< ?30s|\bAI\b/);
    expect(container.querySelector('#features')?.textContent).not.toMatch(/\bAI\b|24\/7/);
    const plans = container.querySelector('#pricing') as HTMLElement;
    expect(within(plans).getByRole('link', { name: 'Browse Rooms' })).toHaveAttribute('href', '/public-rooms');
    expect(within(plans).getByRole('link', { name: 'Sign Up Free' })).toHaveAttribute('href', '/auth');
    expect(within(plans).getByRole('link', { name: 'Get VIP' })).toHaveAttribute('href', '/auth');
    expect(within(plans).getByText('$9.99')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(within(footer).getByRole('link', { name: 'Community Guidelines' })).toHaveAttribute('href', '/community-guidelines');
    expect(within(footer).getByRole('link', { name: 'Twitter' })).toHaveAttribute('target', '_blank');
  });

  it('sets the title, description, social tags, canonical link and search action', async () => {
    server.on('GET /api/messages/recent', () => ({ body: [] }));
    server.on('GET /api/stats', () => ({ body: { totalUsers: 10, rating: 5 } }));
    server.on('GET /api/sellers/featured', () => ({ body: [] }));
    renderApp('/');
    await screen.findByText(LANDING_TEXT.expertsEmpty);
    expect(document.title).toMatch(/ChatMarket/);
    const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(content('meta[name="description"]')).toMatch(/public rooms/);
    expect(content('meta[name="keywords"]')).toMatch(/chat rooms/);
    expect(content('meta[property="og:image"]')).toBe('http://localhost/api/og-image');
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://localhost/');
    const data = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(data['@type']).toBe('WebSite');
    expect(data.potentialAction['@type']).toBe('SearchAction');
  });
});
