import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { ScreenLoading, SCREEN_LOADING_TEXT } from '@/components/screen-loading';
import { lazyPart, lazyScreen, preloadLazyCode } from '../lazy-code';

function Hello() {
  return <h1>Hello</h1>;
}

function deferredModule() {
  let arrive!: (module: { Hello: ComponentType }) => void;
  const module = new Promise<{ Hello: ComponentType }>((resolve) => (arrive = resolve));
  return { load: () => module, arrive: () => arrive({ Hello }) };
}

it('shows the loading state until the screen code arrives, then the screen', async () => {
  const { load, arrive } = deferredModule();
  const { element } = lazyScreen(load, 'Hello');
  render(<Suspense fallback={<ScreenLoading />}>{element}</Suspense>);
  expect(screen.getByRole('status')).toHaveTextContent(SCREEN_LOADING_TEXT);
  expect(screen.queryByRole('heading', { name: 'Hello' })).not.toBeInTheDocument();

  arrive();
  expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('renders a screen whose code was fetched before at once, without the loading state', async () => {
  const { load, arrive } = deferredModule();
  const { element, preload } = lazyScreen(load, 'Hello');
  arrive();
  await preload();
  render(<Suspense fallback={<ScreenLoading />}>{element}</Suspense>);
  expect(screen.getByRole('heading', { name: 'Hello' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

it('shows a part’s fallback with its props until the code arrives, then the part', async () => {
  let arrive!: (module: { Greeting: typeof Greeting }) => void;
  const module = new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve));
  const { Part } = lazyPart(() => module, 'Greeting', ({ name }) => <span>Waiting for {name}</span>);
  render(<Part name="Kim" />);
  expect(screen.getByText('Waiting for Kim')).toBeInTheDocument();

  arrive({ Greeting });
  expect(await screen.findByText('Hello Kim')).toBeInTheDocument();
  expect(screen.queryByText('Waiting for Kim')).not.toBeInTheDocument();
});

it('fetches every lazy screen and part’s code on preloadLazyCode, so they render at once', async () => {
  const { Part } = lazyPart(() => Promise.resolve({ Greeting }), 'Greeting');
  await preloadLazyCode();
  render(<Part name="Lee" />);
  expect(screen.getByText('Hello Lee')).toBeInTheDocument();
});
