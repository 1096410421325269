import safetyEnglish from '@/i18n/catalogues/en/safety.json';
import { addEnglish, t } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';

// Blocking's words speak through their catalogues (src/i18n/catalogues/*/safety.json); the English comes
// with the code that shows it.
addEnglish(safetyEnglish);

/** Blocking's words; the server's refusals come from SafetyMessages. */
export const BLOCK_TEXT = spoken({
  block: (name: string) => t('safety.block.block', { name }),
  unblock: (name: string) => t('safety.block.unblock', { name }),
  blocked: (name: string) => t('safety.block.blocked', { name }),
  unblocked: (name: string) => t('safety.block.unblocked', { name }),
  failed: 'safety.block.failed',
  listTitle: 'safety.block.listTitle',
  listDescription: 'safety.block.listDescription',
  listEmpty: 'safety.block.listEmpty',
  unblockButton: 'safety.block.unblockButton',
  blockedOn: 'safety.block.blockedOn',
  loading: 'safety.block.loading',
});
