import { createSlice } from '@reduxjs/toolkit';

/** Whether the VIP upsell dialog is open; any screen may open it (menus, rate limits). */
export const vipSlice = createSlice({
  name: 'vip',
  initialState: { dialogOpen: false },
  reducers: {
    openVipDialog: (state) => {
      state.dialogOpen = true;
    },
    closeVipDialog: (state) => {
      state.dialogOpen = false;
    },
  },
  selectors: {
    selectVipDialogOpen: (state) => state.dialogOpen,
  },
});

export const { openVipDialog, closeVipDialog } = vipSlice.actions;
export const { selectVipDialogOpen } = vipSlice.selectors;
