import { fireEvent, render, screen } from '@testing-library/react';
import { Picture, PICTURE_UNAVAILABLE } from '../picture';

it('shows the image while it loads and a labelled stand-in once it fails', () => {
  const { rerender } = render(<Picture src="/media/gone.jpg" alt="Gallery picture" className="h-10" />);
  fireEvent.error(screen.getByRole('img', { name: 'Gallery picture' }));
  const standIn = screen.getByRole('img', { name: `Gallery picture: ${PICTURE_UNAVAILABLE}` });
  expect(standIn).toHaveClass('h-10');
  expect(standIn).toHaveTextContent(PICTURE_UNAVAILABLE);

  rerender(<Picture src="/media/other.jpg" alt="Gallery picture" />);
  expect(screen.getByRole('img', { name: 'Gallery picture' })).toHaveAttribute('src', '/media/other.jpg');
});
