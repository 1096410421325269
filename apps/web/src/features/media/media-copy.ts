import { fieldMessage, type FieldMessage } from '@app/contracts/browser';

import mediaEnglish from '@/i18n/catalogues/en/media.json';
import { addEnglish, t } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';
import { wordField } from '@/lib/errors';

// The upload screens speak through their catalogues (src/i18n/catalogues/*/media.json); the English comes
// with the code that shows it.
addEnglish(mediaEnglish);

const word = (problem: FieldMessage) => wordField(problem, problem.message);

/** The server's own refusals (its codes' words), which the client also raises before sending: in the language spoken when read. */
const REFUSALS = {
  get tooManyFilesTitle() {
    return word(fieldMessage('upload_too_many_files_title'));
  },
  tooManyFiles: (max: number) => word(fieldMessage('upload_too_many_files', { max })),
  tooLarge: (megabytes: number) => word(fieldMessage('upload_too_large', { max: megabytes })),
  get invalidType() {
    return word(fieldMessage('upload_invalid_type'));
  },
  get imageOnly() {
    return word(fieldMessage('upload_image_only'));
  },
  get videoOnly() {
    return word(fieldMessage('upload_video_only'));
  },
};

/** Words with the refusals beside them, each still read when it is shown. */
function withRefusals<T extends object>(words: T): T & typeof REFUSALS {
  return Object.defineProperties(words, Object.getOwnPropertyDescriptors(REFUSALS)) as T & typeof REFUSALS;
}

/** The upload screens' copy, from the spec where it has words; shared by the screens and their tests. */
export const MEDIA_TEXT = withRefusals(
  spoken({
  title: 'media.title',
  description: 'media.description',
  signInRequired: 'media.signInRequired',
  mediaTab: 'media.mediaTab',
  chatTab: 'media.chatTab',
  mediaTabHint: (max: number) => t('media.mediaTabHint', { max }),
  chatTabHint: 'media.chatTabHint',

  dropHere: 'media.dropHere',
  dropHereMany: 'media.dropHereMany',
  choose: 'media.choose',
  chooseMany: 'media.chooseMany',
  dropzoneLabel: 'media.dropzoneLabel',
  maxFilesHint: (max: number) => t('media.maxFilesHint', { max }),
  selectedFiles: 'media.selectedFiles',
  remove: 'media.remove',
  replace: 'media.replace',
  upload: 'media.upload',
  uploading: 'media.uploading',
  cancel: 'media.cancel',
  progressLabel: 'media.progressLabel',
  limits: (kinds: string, megabytes: number) => t('media.limits', { kinds, megabytes }),
  kindsImage: 'media.kindsImage',
  kindsVideo: 'media.kindsVideo',
  kindsAny: 'media.kindsAny',

  uploadSuccess: { title: 'media.uploadSuccess.title', description: 'media.uploadSuccess.description' },
  uploadFailedTitle: 'media.uploadFailedTitle',
  uploadFailedFallback: 'media.uploadFailedFallback',
  multiUploadFailed: (status: number | string, body: string) => t('media.multiUploadFailed', { status, body }).trim(),
  multiUploadSuccess: (count: number) => t('media.multiUploadSuccess', { count }),

  results: 'media.results',
  noResults: 'media.noResults',
  open: 'media.open',

  statusTitle: 'media.statusTitle',
  statusRefresh: 'media.statusRefresh',
  statusChecking: 'media.statusChecking',
  statusUnreachable: 'media.statusUnreachable',
  statusOk: 'media.statusOk',
  statusDown: 'media.statusDown',
  statusNoReport: 'media.statusNoReport',
  statusGateway: 'media.statusGateway',
  statusMediaService: 'media.statusMediaService',
  statusStorage: 'media.statusStorage',
  statusDatabase: 'media.statusDatabase',
  statusChecked: (time: string) => t('media.statusChecked', { time }),

  avatarUpload: 'media.avatarUpload',
  avatarSaveFailed: 'media.avatarSaveFailed',
  }),
);
