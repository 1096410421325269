import { createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { socketFrameReceived } from '../../lib/socket';

/** The account changed elsewhere (a moderator granted or took VIP): read it again, so the page offers what the role allows at once. */
export const accountListener = createListenerMiddleware();

accountListener.startListening({
  actionCreator: socketFrameReceived,
  effect: (action, { dispatch }) => {
    if (action.payload.type === 'account_updated') dispatch(api.util.invalidateTags(['Me']));
  },
});
