import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Lightbox, LIGHTBOX_TEXT, type LightboxItem } from '../lightbox';

// jsdom has no PointerEvent: without it a fired pointer event loses its position and pointer.
class PointerEventStandIn extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  readonly isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
    this.isPrimary = init.isPrimary ?? true;
  }
}
const jsdomPointerEvent = window.PointerEvent;
beforeAll(() => {
  window.PointerEvent = PointerEventStandIn as unknown as typeof PointerEvent;
});
afterAll(() => {
  window.PointerEvent = jsdomPointerEvent;
});

const ITEMS: LightboxItem[] = ['a', 'b', 'c'].map((name, i) => ({ key: i + 1, src: `/media/chat/${name}.png`, alt: `${name}.png`, title: `Photo ${name}`, caption: 'Today' }));

/** Three thumbnails that open the lightbox, as a conversation's pictures do. */
function Pictures() {
  const [openKey, setOpenKey] = useState<number | null>(null);
  const thumbnails = useRef(new Map<number, HTMLElement>());
  return (
    <>
      {ITEMS.map((item) => (
        <button
          key={item.key}
          type="button"
          ref={(element) => {
            if (element) thumbnails.current.set(item.key, element);
          }}
          onClick={() => setOpenKey(item.key)}
        >
          {`thumbnail ${item.alt}`}
        </button>
      ))}
      <Lightbox items={ITEMS} openKey={openKey} onOpenKeyChange={setOpenKey} returnFocusTo={(key) => thumbnails.current.get(key)} />
    </>
  );
}

async function openAt(name: string) {
  const user = userEvent.setup();
  render(<Pictures />);
  await user.click(screen.getByRole('button', { name: `thumbnail ${name}.png` }));
  const dialog = await screen.findByRole('dialog', { name: `Photo ${name}` });
  await waitFor(() => expect(dialog).toHaveFocus());
  return { user, dialog };
}

const shownImage = () => screen.getByTestId('lightbox-image');
const position = () => screen.getByTestId('lightbox-position').textContent;
const transform = () => shownImage().style.transform;

describe('moving between pictures and closing', () => {
  it('takes focus, moves with the arrow keys within the ends, and gives focus back to the thumbnail of the picture shown', async () => {
    const { user, dialog } = await openAt('b');
    // The dialog itself has focus, so the arrows work at once.
    expect(shownImage()).toHaveAttribute('src', '/media/chat/b.png');
    expect(dialog).toHaveAccessibleDescription('Today · 2 of 3');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo c' })).toBeInTheDocument();
    expect(shownImage()).toHaveAttribute('src', '/media/chat/c.png');
    expect(position()).toBe('3 of 3');
    // The last picture: Right stays, and the Next button says it leads nowhere.
    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('3 of 3');
    expect(screen.getByRole('button', { name: LIGHTBOX_TEXT.next })).toHaveAttribute('aria-disabled', 'true');

    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(position()).toBe('1 of 3');
    expect(screen.getByRole('button', { name: LIGHTBOX_TEXT.previous })).toHaveAttribute('aria-disabled', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'thumbnail a.png' })).toHaveFocus());
  });

  it('keeps Tab inside, moves with the on-screen buttons and closes with its close button', async () => {
    const { user, dialog } = await openAt('a');
    await user.click(within(dialog).getByRole('button', { name: LIGHTBOX_TEXT.next }));
    expect(position()).toBe('2 of 3');
    // A button at the end stays where focus is: pressing it does nothing and focus is not lost.
    await user.click(within(dialog).getByRole('button', { name: LIGHTBOX_TEXT.next }));
    await user.click(within(dialog).getByRole('button', { name: LIGHTBOX_TEXT.next }));
    expect(position()).toBe('3 of 3');
    expect(within(dialog).getByRole('button', { name: LIGHTBOX_TEXT.next })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: LIGHTBOX_TEXT.previous }));
    expect(position()).toBe('2 of 3');

    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    expect(within(dialog).getByRole('link', { name: LIGHTBOX_TEXT.original })).toHaveAttribute('href', '/media/chat/b.png');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'thumbnail b.png' })).toHaveFocus());
  });
});

describe('zoom', () => {
  it('toggles 2× on a double click and steps with + and - between 1× and 4×', async () => {
    const { user, dialog } = await openAt('a');
    expect(transform()).toContain('scale(1)');
    await user.dblClick(shownImage());
    expect(transform()).toContain('scale(2)');
    expect(screen.getByTestId('lightbox-zoom')).toHaveTextContent(LIGHTBOX_TEXT.zoom(200));
    await user.dblClick(shownImage());
    expect(transform()).toContain('scale(1)');

    await waitFor(() => expect(dialog).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: LIGHTBOX_TEXT.zoomOut })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('+');
    expect(transform()).toContain('scale(1.5)');
    await user.keyboard('+++');
    expect(transform()).toContain('scale(4)');
    expect(within(dialog).getByRole('button', { name: LIGHTBOX_TEXT.zoomIn })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('+');
    expect(transform()).toContain('scale(4)');
    await user.keyboard('-');
    expect(transform()).toContain('scale(3)');
    await user.click(within(dialog).getByRole('button', { name: LIGHTBOX_TEXT.zoomOut }));
    expect(transform()).toContain('scale(2)');
    await user.keyboard('0');
    expect(transform()).toContain('scale(1)');

    // Another picture starts whole, and so does the one before when it comes back.
    await user.keyboard('++{ArrowRight}');
    expect(position()).toBe('2 of 3');
    expect(transform()).toContain('scale(1)');
    await user.keyboard('{ArrowLeft}');
    expect(position()).toBe('1 of 3');
    expect(transform()).toContain('scale(1)');
    expect(screen.getByTestId('lightbox-zoom')).toHaveTextContent(LIGHTBOX_TEXT.zoom(100));
  });

  it('pans a zoomed picture under the mouse, no further than its edges', async () => {
    const { user } = await openAt('a');
    const image = shownImage();
    Object.defineProperty(image, 'offsetWidth', { value: 400 });
    Object.defineProperty(image, 'offsetHeight', { value: 300 });
    await user.keyboard('='); // "=" is + without Shift
    expect(transform()).toBe('translate3d(0px, 0px, 0) scale(1.5)');
    const stage = screen.getByTestId('lightbox-stage');
    fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'mouse', clientX: 100, clientY: 100 });
    fireEvent.pointerMove(stage, { pointerId: 1, pointerType: 'mouse', clientX: 140, clientY: 70 });
    expect(transform()).toBe('translate3d(40px, -30px, 0) scale(1.5)');
    // At 1.5× a 400 × 300 picture overhangs by 100 and 75 on each side.
    fireEvent.pointerMove(stage, { pointerId: 1, pointerType: 'mouse', clientX: 900, clientY: -900 });
    expect(transform()).toBe('translate3d(100px, -75px, 0) scale(1.5)');
    fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'mouse', clientX: 900, clientY: -900 });
    expect(position()).toBe('1 of 3');
  });

  it('zooms with a pinch of two fingers and toggles with a double tap', async () => {
    await openAt('a');
    const stage = screen.getByTestId('lightbox-stage');
    const touch = (type: 'pointerDown' | 'pointerMove' | 'pointerUp', pointerId: number, clientX: number, clientY = 300) =>
      fireEvent[type](stage, { pointerId, pointerType: 'touch', isPrimary: pointerId === 1, clientX, clientY });
    touch('pointerDown', 1, 150);
    touch('pointerDown', 2, 250);
    touch('pointerMove', 1, 100);
    touch('pointerMove', 2, 300);
    expect(transform()).toContain('scale(2)');
    touch('pointerMove', 1, 0);
    touch('pointerMove', 2, 500);
    // Five times as far apart: held at the 4× most.
    expect(transform()).toContain('scale(4)');
    touch('pointerUp', 2, 500);
    touch('pointerUp', 1, 0);
    expect(position()).toBe('1 of 3');

    for (let tap = 0; tap < 2; tap++) {
      touch('pointerDown', 3, 200);
      touch('pointerUp', 3, 200);
    }
    expect(transform()).toContain('scale(1)');
    for (let tap = 0; tap < 2; tap++) {
      touch('pointerDown', 3, 200);
      touch('pointerUp', 3, 200);
    }
    expect(transform()).toContain('scale(2)');
  });
});

describe('swipes', () => {
  const swipe = (from: [number, number], to: [number, number]) => {
    const stage = screen.getByTestId('lightbox-stage');
    fireEvent.pointerDown(stage, { pointerId: 5, pointerType: 'touch', clientX: from[0], clientY: from[1] });
    fireEvent.pointerMove(stage, { pointerId: 5, pointerType: 'touch', clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2 });
    fireEvent.pointerMove(stage, { pointerId: 5, pointerType: 'touch', clientX: to[0], clientY: to[1] });
    fireEvent.pointerUp(stage, { pointerId: 5, pointerType: 'touch', clientX: to[0], clientY: to[1] });
  };

  it('moves to the next picture with a swipe left and back with a swipe right; a short one stays', async () => {
    await openAt('a');
    swipe([300, 300], [120, 310]);
    expect(position()).toBe('2 of 3');
    swipe([100, 300], [280, 290]);
    expect(position()).toBe('1 of 3');
    swipe([300, 300], [270, 300]);
    expect(position()).toBe('1 of 3');
    expect(transform()).toContain('scale(1)');
  });

  it('closes with a swipe down and gives focus back', async () => {
    await openAt('c');
    swipe([200, 200], [210, 420]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'thumbnail c.png' })).toHaveFocus());
  });

  it('pans instead of swiping while zoomed', async () => {
    const { user } = await openAt('a');
    await user.dblClick(shownImage());
    expect(transform()).toContain('scale(2)');
    swipe([300, 300], [100, 300]);
    expect(position()).toBe('1 of 3');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
