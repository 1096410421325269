/** What the data export's refusals say. */
export const DataExportMessages = {
  tooSoon: 'You can ask for one export a day.',
  linkInvalid: 'This download link is not valid for your account. Sign in as the person it was made for, or ask for a new export in Settings.',
  expired: 'This export has expired. Ask for a new one in Settings.',
  notReady: 'This export is not ready.',
} as const;
