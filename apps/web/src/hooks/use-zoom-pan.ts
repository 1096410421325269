import { useRef, useState, type CSSProperties, type MouseEvent, type PointerEvent } from 'react';

/** The zoom levels + and - step through; a double click or tap toggles between 1 and DOUBLE_ZOOM. */
export const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;
export const DOUBLE_ZOOM = 2;
const MIN_ZOOM = ZOOM_STEPS[0];
const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1];

/** A finger travelling this far sideways moves to the neighbour; this far down closes. */
export const SWIPE_PX = 60;
export const DISMISS_PX = 100;
/** Two taps within this time and distance are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** Less than this between down and up is a tap, not a drag. */
const TAP_SLOP_PX = 10;

/** How the picture sits: its scale about its centre and its offset, in CSS pixels. */
export type ZoomView = { scale: number; x: number; y: number };
type Point = { x: number; y: number };

const FIT: ZoomView = { scale: 1, x: 0, y: 0 };

const bound = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
const clampScale = (scale: number) => Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, scale));

/** Keeps the picture covering the place it had at scale 1: it can be panned to its edges, not past them. */
export function clampView(view: ZoomView, size: { width: number; height: number }): ZoomView {
  const scale = clampScale(view.scale);
  return { scale, x: bound(view.x, (size.width * (scale - 1)) / 2), y: bound(view.y, (size.height * (scale - 1)) / 2) };
}

/**
 * The view at a new scale that keeps the point under `anchor` (measured from the picture's
 * resting centre) where it is: zooming at a double-click's spot or between two fingers.
 */
export function zoomAbout(view: ZoomView, scale: number, anchor: Point = { x: 0, y: 0 }): ZoomView {
  const next = clampScale(scale);
  return {
    scale: next,
    x: anchor.x - ((anchor.x - view.x) / view.scale) * next,
    y: anchor.y - ((anchor.y - view.y) / view.scale) * next,
  };
}

export function stepZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > scale + 0.01) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.01) ?? MIN_ZOOM;
}

export type ZoomPanOptions = {
  /** A new picture starts at scale 1. */
  resetKey: unknown;
  /** A sideways swipe at scale 1: 'next' when the finger went left. */
  onSwipe: (direction: 'previous' | 'next') => void;
  /** A swipe down at scale 1. */
  onDismiss: () => void;
};

type Gesture =
  | { kind: 'pan'; start: Point; from: ZoomView; moved: boolean; touch: boolean }
  | { kind: 'pinch'; distance: number; middle: Point; from: ZoomView };

const distanceOf = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middleOf = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Zoom and pan of one picture by pointer events, for mouse, pen and touch alike: a double
 * click or tap toggles 2×, two fingers pinch, one finger or the mouse pans a zoomed picture.
 * At scale 1 a finger swipes sideways to the neighbours and down to close. The stage takes
 * every touch itself (touch-action: none), so the page neither scrolls nor zooms under it.
 */
export function useZoomPan({ resetKey, onSwipe, onDismiss }: ZoomPanOptions) {
  const [state, setState] = useState<{ key: unknown; view: ZoomView }>({ key: resetKey, view: FIT });
  // Another picture, or one shown before coming back: it starts fitted, whatever zoom it had then.
  if (state.key !== resetKey) setState({ key: resetKey, view: FIT });
  const view = state.key === resetKey ? state.view : FIT;
  /** While a finger swipes at scale 1: how far it went, shown as the picture following it. */
  const [swipe, setSwipeState] = useState<Point | null>(null);
  const swipeRef = useRef<Point | null>(null);
  const setSwipe = (point: Point | null) => {
    swipeRef.current = point;
    setSwipeState(point);
  };
  const [gesturing, setGesturing] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const lastPointer = useRef<string>('mouse');

  const sizeOf = () => ({ width: image.current?.offsetWidth ?? 0, height: image.current?.offsetHeight ?? 0 });
  const show = (next: ZoomView) => setState({ key: resetKey, view: clampView(next, sizeOf()) });

  /** A point on screen as an offset from the picture's resting centre. */
  const anchorOf = (client: Point, current: ZoomView): Point => {
    const rect = image.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: client.x - (rect.left + rect.width / 2 - current.x), y: client.y - (rect.top + rect.height / 2 - current.y) };
  };

  const toggleAt = (client: Point) => show(view.scale > 1 ? FIT : zoomAbout(view, DOUBLE_ZOOM, anchorOf(client, view)));

  const tapAt = (point: Point) => {
    const before = lastTap.current;
    if (before && performance.now() - before.at < DOUBLE_TAP_MS && distanceOf(before.point, point) < DOUBLE_TAP_PX) {
      lastTap.current = null;
      toggleAt(point);
    } else {
      lastTap.current = { at: performance.now(), point };
    }
  };

  const startGesture = () => {
    const points = [...pointers.current.values()];
    if (points.length >= 2) {
      gesture.current = { kind: 'pinch', distance: distanceOf(points[0], points[1]) || 1, middle: middleOf(points[0], points[1]), from: view };
      setSwipe(null);
    } else if (points.length === 1) {
      gesture.current = { kind: 'pan', start: points[0], from: view, moved: false, touch: lastPointer.current !== 'mouse' };
    } else {
      gesture.current = null;
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    lastPointer.current = event.pointerType;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setGesturing(true);
    startGesture();
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const now = gesture.current;
    if (!now) return;
    if (now.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!b) return;
      const middle = middleOf(a, b);
      const zoomed = zoomAbout(now.from, (now.from.scale * distanceOf(a, b)) / now.distance, anchorOf(now.middle, view));
      show({ ...zoomed, x: zoomed.x + middle.x - now.middle.x, y: zoomed.y + middle.y - now.middle.y });
      return;
    }
    const dx = event.clientX - now.start.x;
    const dy = event.clientY - now.start.y;
    if (!now.moved && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
    now.moved = true;
    if (now.from.scale > 1) show({ ...now.from, x: now.from.x + dx, y: now.from.y + dy });
    else if (now.touch) setSwipe(Math.abs(dx) >= Math.abs(dy) ? { x: dx, y: 0 } : { x: 0, y: Math.max(0, dy) });
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const ended = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other pans on from where the picture is now.
      startGesture();
      return;
    }
    gesture.current = null;
    setGesturing(false);
    const travelled = swipeRef.current;
    setSwipe(null);
    if (ended?.kind !== 'pan' || event.type === 'pointercancel') return;
    if (!ended.moved) {
      if (ended.touch) tapAt({ x: event.clientX, y: event.clientY });
      return;
    }
    if (!travelled || ended.from.scale > 1) return;
    if (Math.abs(travelled.x) >= SWIPE_PX) onSwipe(travelled.x < 0 ? 'next' : 'previous');
    else if (travelled.y >= DISMISS_PX) onDismiss();
  };

  // Touch has its own double tap above; a browser that also sends dblclick for it must not toggle back.
  const onDoubleClick = (event: MouseEvent<HTMLElement>) => {
    if (lastPointer.current === 'mouse') toggleAt({ x: event.clientX, y: event.clientY });
  };

  const moving = swipe ?? { x: 0, y: 0 };
  const style: CSSProperties = swipe
    ? { transform: `translate3d(${moving.x}px, ${moving.y}px, 0)`, opacity: 1 - Math.min(0.6, moving.y / (DISMISS_PX * 3)) }
    : { transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})` };

  return {
    view,
    image,
    /** Whether fingers or the mouse are on the picture: it follows them without easing. */
    gesturing,
    style,
    zoomIn: () => show(zoomAbout(view, stepZoom(view.scale, 1))),
    zoomOut: () => show(zoomAbout(view, stepZoom(view.scale, -1))),
    reset: () => show(FIT),
    stageProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onDoubleClick,
    },
  };
}
