import profileEnglish from '@/i18n/catalogues/en/profile.json';
import { addEnglish } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';

// The profile screen speak through their catalogues (src/i18n/catalogues/*/profile.json); the English comes
// with the code that shows it.
addEnglish(profileEnglish);

export const PROFILE_TEXT = spoken({
  title: 'profile.title',
  authDescription: 'profile.authDescription',
  edit: 'profile.edit',
  save: 'profile.save',
  saving: 'profile.saving',
  cancel: 'profile.cancel',
  username: 'profile.username',
  email: 'profile.email',
  bio: 'profile.bio',
  avatar: 'profile.avatar',
  avatarHint: 'profile.avatarHint',
  noBio: 'profile.noBio',
  memberSince: 'profile.memberSince',
  role: 'profile.role',
  updated: { title: 'profile.updated.title', description: 'profile.updated.description' },
  updateFailed: 'profile.updateFailed',
});
