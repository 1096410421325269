import type { ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';

/**
 * How a feature adds its effects to the app's one listener middleware (src/app/store.ts):
 * each feature exports a function that takes it, typed by the part of the state that feature
 * reads. The store's full state satisfies every such part, so no feature imports the store.
 */
export type StartListening<State> = TypedStartListening<State, ListenerDispatch<State>>;

export type ListenerDispatch<State> = ThunkDispatch<State, unknown, UnknownAction>;
