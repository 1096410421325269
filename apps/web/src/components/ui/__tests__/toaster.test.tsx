import { act, render, screen } from '@testing-library/react';
import { Toaster } from '../toaster';
import { toast } from '../toast-store';

it('shows one toast at a time, the newest', () => {
  render(<Toaster />);
  act(() => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'Newest wins', variant: 'destructive' });
  });
  expect(screen.queryByText('First')).not.toBeInTheDocument();
  expect(screen.getByText('Second')).toBeInTheDocument();
  expect(screen.getByText('Newest wins')).toBeInTheDocument();
});

it('hides a toast after 5 seconds', () => {
  jest.useFakeTimers();
  try {
    render(<Toaster />);
    act(() => void toast({ title: 'Short lived' }));
    act(() => void jest.advanceTimersByTime(4900));
    expect(screen.getByText('Short lived')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(200));
    expect(screen.queryByText('Short lived')).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});
