import { act, render, screen } from '@testing-library/react';
import { switchLanguage } from '@/i18n/i18n';
import { RouteErrorBoundary } from '../route-error';

function BrokenScreen(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('a screen that fails', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(async () => {
    jest.restoreAllMocks();
    await act(() => switchLanguage('en'));
  });

  it('shows what to do in its place, and the next page shown tries again', () => {
    const { rerender } = render(
      <RouteErrorBoundary pathname="/marketplace">
        <BrokenScreen />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    // The same page again (a re-render) still shows the error; another page renders as it is.
    rerender(
      <RouteErrorBoundary pathname="/marketplace">
        <p>Marketplace</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(
      <RouteErrorBoundary pathname="/public-rooms">
        <p>Public rooms</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Public rooms')).toBeInTheDocument();
  });

  it('says so in the language spoken', async () => {
    await act(() => switchLanguage('hi'));
    render(
      <RouteErrorBoundary pathname="/marketplace">
        <BrokenScreen />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('यह पेज दिखाया नहीं जा सका');
    expect(screen.getByRole('button', { name: 'दोबारा लोड करें' })).toBeInTheDocument();
  });
});
