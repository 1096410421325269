import { render, screen } from '@testing-library/react';
import { ROUTE_ERROR_TEXT, RouteErrorBoundary } from '../route-error';

function BrokenScreen(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('a screen that fails', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows what to do in its place, and the next page shown tries again', () => {
    const { rerender } = render(
      <RouteErrorBoundary pathname="/marketplace">
        <BrokenScreen />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(ROUTE_ERROR_TEXT.title);
    expect(screen.getByRole('button', { name: ROUTE_ERROR_TEXT.reload })).toBeInTheDocument();

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
});
