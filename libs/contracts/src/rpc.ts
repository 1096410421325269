import type {
  CaptchaChallengeDto,
  CaptchaRequestDto,
  CaptchaTokenDto,
  CheckUsernameDto,
  DestroySessionDto,
  FindByUsernamesDto,
  GetUsersDto,
  GuestRequestDto,
  LoginRequestDto,
  RegisterRequestDto,
  SessionIssuedDto,
  SessionTokensDto,
  SetRoleDto,
  UpdateMeRequestDto,
  UpdateLanguageDto,
  UpdateLanguageRequestDto,
  UpdateSettingsRequestDto,
  UserIdDto,
  UsernameAvailabilityDto,
  VerifyCaptchaDto,
} from './auth/dto/auth.dto';
import { AuthPatterns } from './auth/auth.patterns';
import type { ForgotPasswordRequestDto, ResendVerificationDto, ResetPasswordDto, VerifyEmailDto } from './auth/dto/recovery.dto';
import { RecoveryPatterns } from './auth/recovery.constants';
import type {
  CompleteTwoStepLoginRequestDto,
  ConfirmTwoStepRequestDto,
  StartTwoStepRequestDto,
  DisableTwoStepRequestDto,
  RecoveryCodesDto,
  TwoStepChallengeDto,
  TwoStepCodeRequestDto,
  TwoStepSetupDto,
  TwoStepStatusDto,
} from './auth/dto/two-step.dto';
import { TwoStepPatterns } from './auth/two-step.constants';
import type {
  PasskeyDto,
  PasskeyConfirmationOptionsRequestDto,
  PasskeyRegistrationOptionsRequestDto,
  PasskeySignInChallengeDto,
  PasskeySignInOptionsRequestDto,
  PasskeySignInRequestDto,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegisterPasskeyRequestDto,
  RemovePasskeyRequestDto,
  RenamePasskeyRequestDto,
} from './auth/dto/passkeys.dto';
import { PasskeyPatterns } from './auth/passkeys.constants';
import type {
  CompleteOidcSignUpRequestDto,
  LinkedIdentityDto,
  OidcCallbackRequestDto,
  OidcOutcomeDto,
  OidcProviderDto,
  OidcStartDto,
  StartOidcRequestDto,
  UnlinkIdentityRequestDto,
} from './auth/dto/oidc.dto';
import { OidcPatterns } from './auth/oidc.constants';
import type { EndSessionByLinkDto, EndSessionRequestDto, ListSessionsRequestDto } from './auth/dto/sessions.dto';
import { SessionPatterns, type SessionInfoDto } from './auth/sessions.constants';
import { CallPatterns } from './calls/calls.patterns';
import type {
  CallActionRequestDto,
  CallActorRequestDto,
  CallHeartbeatAnswerDto,
  CallHeartbeatRequestDto,
  CallPeerDto,
  CallSessionDto,
  EndCallRequestDto,
  ListCallsRequestDto,
  SellerEarningsDto,
  StartCallRequestDto,
} from './calls/dto/call.dto';
import { ChatPatterns } from './chat/chat.patterns';
import { AccountDeletionPatterns, type AccountDeletionStatusDto, type ErasedPartDto } from './auth/account-deletion.constants';
import type { RequestAccountDeletionRequestDto } from './auth/dto/account-deletion.dto';
import { DataExportPatterns, type AccountExportDto, type ChatExportPageRequestDto, type DataExportPageDto, type DataExportStatusDto, type MarketplaceExportPageRequestDto } from './media/data-export';
import type { JoinRoomResultDto, JoinRoomsResultDto, MessageDto, PinnedMessageDto, PrivateChatSummaryDto, ReactionDto, RoomDto } from './chat/chat.types';
import type {
  ActorRequestDto,
  CatchUpRequestDto,
  CreateRoomRequestDto,
  HasConversationDto,
  InstanceDto,
  JoinRoomRequestDto,
  JoinRoomsRequestDto,
  LeaveRoomRequestDto,
  ListMessagesRequestDto,
  ListPublicRoomsRequestDto,
  PrivateChatsFromRoomRequestDto,
  RecentMessagesRequestDto,
  RoomRequestDto,
  SendMessageRequestDto,
  StartPrivateChatRequestDto,
} from './chat/dto/chat.dto';
import type { UserDto, UserSettings, UserSummary } from './common/user';
import { type HealthReport, type ServiceName } from './health';
import type { LocaleDto } from './marketplace/currency';
import { MarketplacePatterns } from './marketplace/marketplace.patterns';
import type { SellerReviewDto, SellerReviewsRequestDto, UpsertReviewRequestDto } from './marketplace/dto/review.dto';
import type {
  CategoryCountDto,
  FeaturedRequestDto,
  GetSellerRequestDto,
  ListApplicationsRequestDto,
  ListSellersRequestDto,
  LocaleRequestDto,
  ModerateSellerRequestDto,
  RatingStatsDto,
  RegisterSellerRequestDto,
  RejectSellerRequestDto,
  SellerDto,
  SellerOwnerDto,
  SellerProfileDto,
  UpdateSellerRequestDto,
} from './marketplace/dto/seller.dto';
import type { MediaObjectVerification, PreviewImageDto, PreviewImagesDto, StorePreviewImageDto, VerifyMediaObjectDto } from './media/dto/media.dto';
import { MediaPatterns } from './media/media.patterns';
import type { GrantVipRequestDto, RevokeVipRequestDto, VipChangeDto, VipHistoryRequestDto } from './vip/vip.dto';
import { VipPatterns } from './vip/vip.patterns';
import type { SearchMessagesRequestDto } from './chat/dto/search.dto';
import type { DeleteMessageRequestDto, EditMessageRequestDto, LinkPreviewRequestDto, PinRequestDto, ReactionRequestDto } from './chat/dto/message-acts.dto';
import { SearchPatterns, type SearchPageDto } from './chat/search.constants';
import { ModerationPatterns, ReportPatterns, SanctionPatterns } from './moderation/moderation.patterns';
import type {
  AccountRequestDto,
  ApplySanctionRequestDto,
  AuditRequestDto,
  CreateReportRequestDto,
  DismissReportRequestDto,
  LiftAccountSanctionRequestDto,
  LiftSanctionRequestDto,
  ListReportsRequestDto,
  MessageActionRequestDto,
  MuteUserRequestDto,
  ReadNoticesRequestDto,
  ReportIdRequestDto,
  RoomActionRequestDto,
  SearchAccountsRequestDto,
  SuspendUserRequestDto,
  UserActionRequestDto,
  UserRecordRequestDto,
} from './moderation/dto/moderation.dto';
import type {
  AccountSanctionDto,
  AuditEntryDto,
  ModerationAccountDetailDto,
  ModerationAccountDto,
  ModerationActionResultDto,
  ModerationReportDto,
  ModerationUserRecordDto,
  MyModerationStatusDto,
  ReportDto,
} from './moderation/moderation.types';
import type { ListNotificationsRequestDto, NotificationIdRequestDto } from './notifications/dto/notifications.dto';
import type { NotificationPageDto, UnreadNotificationsDto } from './notifications/notifications.constants';
import { NotificationPatterns } from './notifications/notifications.patterns';
import { PushPatterns, type PushKeyDto, type PushSubscriptionDto, type PushSubscriptionIdRequestDto, type SubscribePushRequestDto } from './notifications/push';
import { BlockPatterns } from './safety/blocks.patterns';
import type { BlockBetweenAnswerDto, BlockBetweenDto, BlockedUserDto, BlockRequestDto } from './safety/dto/block.dto';

type Ok = { ok: true };
type Empty = Record<string, never>;

/**
 * Every request/reply pattern with its payload and answer: [request, response]. RpcClient.request
 * takes a pattern from here, so a payload of the wrong shape, or an answer read as the wrong
 * type, is a compile error instead of a 400 (or worse) at run time.
 */
export interface RpcContract {
  [AuthPatterns.CreateCaptcha]: [CaptchaRequestDto, CaptchaChallengeDto];
  [AuthPatterns.VerifyCaptcha]: [VerifyCaptchaDto, CaptchaTokenDto];
  [AuthPatterns.Register]: [RegisterRequestDto, SessionIssuedDto];
  [AuthPatterns.Login]: [LoginRequestDto, SessionIssuedDto | TwoStepChallengeDto];
  [AuthPatterns.CreateGuest]: [GuestRequestDto, SessionIssuedDto];
  [AuthPatterns.ResolveSessions]: [SessionTokensDto, Array<UserDto | null>];
  [AuthPatterns.DestroySession]: [DestroySessionDto, Ok];
  [AuthPatterns.CheckUsername]: [CheckUsernameDto, UsernameAvailabilityDto];
  [AuthPatterns.GetMe]: [UserIdDto, UserDto];
  [AuthPatterns.UpdateMe]: [UpdateMeRequestDto, UserDto];
  [AuthPatterns.UpdateSettings]: [UpdateSettingsRequestDto, UserSettings];
  [AuthPatterns.UpdateLanguage]: [UpdateLanguageRequestDto, UpdateLanguageDto];
  [AuthPatterns.GetUsers]: [GetUsersDto, UserSummary[]];
  [AuthPatterns.FindByUsernames]: [FindByUsernamesDto, UserSummary[]];
  [AuthPatterns.SetRole]: [SetRoleDto, UserDto];
  [AuthPatterns.CountUsers]: [Empty, { count: number }];
  [RecoveryPatterns.RequestPasswordReset]: [ForgotPasswordRequestDto, Ok];
  [RecoveryPatterns.ResetPassword]: [ResetPasswordDto, Ok];
  [RecoveryPatterns.VerifyEmail]: [VerifyEmailDto, UserDto];
  [RecoveryPatterns.ResendVerification]: [ResendVerificationDto, Ok];

  [TwoStepPatterns.Status]: [UserIdDto, TwoStepStatusDto];
  [TwoStepPatterns.Start]: [StartTwoStepRequestDto, TwoStepSetupDto];
  [TwoStepPatterns.Confirm]: [ConfirmTwoStepRequestDto, RecoveryCodesDto];
  [TwoStepPatterns.RegenerateRecoveryCodes]: [TwoStepCodeRequestDto, RecoveryCodesDto];
  [TwoStepPatterns.Disable]: [DisableTwoStepRequestDto, TwoStepStatusDto];
  [TwoStepPatterns.CompleteLogin]: [CompleteTwoStepLoginRequestDto, SessionIssuedDto];

  [PasskeyPatterns.List]: [UserIdDto, PasskeyDto[]];
  [PasskeyPatterns.RegistrationOptions]: [PasskeyRegistrationOptionsRequestDto, PublicKeyCredentialCreationOptionsJSON];
  [PasskeyPatterns.Register]: [RegisterPasskeyRequestDto, PasskeyDto];
  [PasskeyPatterns.Rename]: [RenamePasskeyRequestDto, PasskeyDto];
  [PasskeyPatterns.Remove]: [RemovePasskeyRequestDto, Ok];
  [PasskeyPatterns.SignInOptions]: [PasskeySignInOptionsRequestDto, PasskeySignInChallengeDto];
  [PasskeyPatterns.SignIn]: [PasskeySignInRequestDto, SessionIssuedDto];
  [PasskeyPatterns.ConfirmationOptions]: [PasskeyConfirmationOptionsRequestDto, PublicKeyCredentialRequestOptionsJSON];
  [OidcPatterns.Providers]: [Empty, OidcProviderDto[]];
  [OidcPatterns.Start]: [StartOidcRequestDto, OidcStartDto];
  [OidcPatterns.Callback]: [OidcCallbackRequestDto, OidcOutcomeDto];
  [OidcPatterns.CompleteSignUp]: [CompleteOidcSignUpRequestDto, SessionIssuedDto];
  [OidcPatterns.Identities]: [UserIdDto, LinkedIdentityDto[]];
  [OidcPatterns.Unlink]: [UnlinkIdentityRequestDto, Ok];
  [SessionPatterns.List]: [ListSessionsRequestDto, SessionInfoDto[]];
  [SessionPatterns.End]: [EndSessionRequestDto, Ok];
  [SessionPatterns.EndOthers]: [ListSessionsRequestDto, { ended: number }];
  [SessionPatterns.EndByLink]: [EndSessionByLinkDto, { ended: boolean }];

  [ChatPatterns.HasConversation]: [HasConversationDto, { exists: boolean }];
  [ChatPatterns.CreateRoom]: [CreateRoomRequestDto, RoomDto];
  [ChatPatterns.ListPublicRooms]: [ListPublicRoomsRequestDto, RoomDto[]];
  [ChatPatterns.GetRoom]: [RoomRequestDto, RoomDto];
  [ChatPatterns.DeleteRoom]: [RoomRequestDto, Ok];
  [ChatPatterns.StartPrivateChat]: [StartPrivateChatRequestDto, RoomDto];
  [ChatPatterns.MyChats]: [ActorRequestDto, PrivateChatSummaryDto[]];
  [ChatPatterns.MarketplaceChats]: [ActorRequestDto, PrivateChatSummaryDto[]];
  [ChatPatterns.PrivateChatsFromRoom]: [PrivateChatsFromRoomRequestDto, PrivateChatSummaryDto[]];
  [ChatPatterns.SendMessage]: [SendMessageRequestDto, MessageDto];
  [ChatPatterns.EditMessage]: [EditMessageRequestDto, MessageDto];
  [ChatPatterns.DeleteMessage]: [DeleteMessageRequestDto, { ok: true }];
  [ChatPatterns.RemoveLinkPreview]: [LinkPreviewRequestDto, Ok];
  [ChatPatterns.LinkPreviewImagesInUse]: [PreviewImagesDto, PreviewImagesDto];
  [ChatPatterns.React]: [ReactionRequestDto, ReactionDto[]];
  [ChatPatterns.Unreact]: [ReactionRequestDto, ReactionDto[]];
  [ChatPatterns.PinMessage]: [PinRequestDto, PinnedMessageDto[]];
  [ChatPatterns.UnpinMessage]: [PinRequestDto, PinnedMessageDto[]];
  [ChatPatterns.ListPins]: [RoomRequestDto, PinnedMessageDto[]];
  [ChatPatterns.ListMessages]: [ListMessagesRequestDto, MessageDto[]];
  [ChatPatterns.RecentMessages]: [RecentMessagesRequestDto, MessageDto[]];
  [ChatPatterns.CatchUp]: [CatchUpRequestDto, MessageDto[]];
  [ChatPatterns.JoinRoom]: [JoinRoomRequestDto, JoinRoomResultDto];
  [ChatPatterns.JoinRooms]: [JoinRoomsRequestDto, JoinRoomsResultDto];
  [ChatPatterns.LeaveRoom]: [LeaveRoomRequestDto, Ok];
  [ChatPatterns.Heartbeat]: [InstanceDto, Ok];
  [ChatPatterns.DropInstance]: [InstanceDto, Ok];

  [BlockPatterns.Block]: [BlockRequestDto, BlockedUserDto];
  [BlockPatterns.Unblock]: [BlockRequestDto, Ok];
  [BlockPatterns.List]: [ActorRequestDto, BlockedUserDto[]];
  [BlockPatterns.Between]: [BlockBetweenDto, BlockBetweenAnswerDto];

  [NotificationPatterns.List]: [ListNotificationsRequestDto, NotificationPageDto];
  [NotificationPatterns.Unread]: [ActorRequestDto, UnreadNotificationsDto];
  [NotificationPatterns.MarkRead]: [NotificationIdRequestDto, UnreadNotificationsDto];
  [NotificationPatterns.MarkAllRead]: [ActorRequestDto, UnreadNotificationsDto];
  [PushPatterns.Key]: [Empty, PushKeyDto];
  [PushPatterns.Subscribe]: [SubscribePushRequestDto, PushSubscriptionDto];
  [PushPatterns.List]: [ActorRequestDto, PushSubscriptionDto[]];
  [PushPatterns.Remove]: [PushSubscriptionIdRequestDto, Ok];

  [MarketplacePatterns.GetSeller]: [GetSellerRequestDto, SellerDto];
  [MarketplacePatterns.GetRatingStats]: [Empty, RatingStatsDto];
  [MarketplacePatterns.ListSellers]: [ListSellersRequestDto, SellerDto[]];
  [MarketplacePatterns.ListFeatured]: [FeaturedRequestDto, SellerDto[]];
  [MarketplacePatterns.CountByCategory]: [Empty, CategoryCountDto[]];
  [MarketplacePatterns.Register]: [RegisterSellerRequestDto, SellerProfileDto];
  [MarketplacePatterns.GetOwnProfile]: [SellerOwnerDto, SellerProfileDto];
  [MarketplacePatterns.UpdateProfile]: [UpdateSellerRequestDto, SellerProfileDto];
  [MarketplacePatterns.ListApplications]: [ListApplicationsRequestDto, SellerProfileDto[]];
  [MarketplacePatterns.Verify]: [ModerateSellerRequestDto, SellerProfileDto];
  [MarketplacePatterns.Reject]: [RejectSellerRequestDto, SellerProfileDto];
  [MarketplacePatterns.ListReviews]: [SellerReviewsRequestDto, SellerReviewDto[]];
  [MarketplacePatterns.UpsertReview]: [UpsertReviewRequestDto, SellerReviewDto];
  [MarketplacePatterns.ResolveLocale]: [LocaleRequestDto, LocaleDto];

  [CallPatterns.Start]: [StartCallRequestDto, CallSessionDto];
  [CallPatterns.Accept]: [CallActionRequestDto, CallSessionDto];
  [CallPatterns.End]: [EndCallRequestDto, CallSessionDto];
  [CallPatterns.Heartbeat]: [CallHeartbeatRequestDto, CallHeartbeatAnswerDto];
  [CallPatterns.Peer]: [CallActionRequestDto, CallPeerDto];
  [CallPatterns.Get]: [CallActionRequestDto, CallSessionDto];
  [CallPatterns.Current]: [CallActorRequestDto, CallSessionDto | null];
  [CallPatterns.List]: [ListCallsRequestDto, CallSessionDto[]];
  [CallPatterns.Earnings]: [CallActorRequestDto, SellerEarningsDto];

  [MediaPatterns.VerifyObject]: [VerifyMediaObjectDto, MediaObjectVerification];
  [MediaPatterns.StorePreviewImage]: [StorePreviewImageDto, PreviewImageDto];

  [ReportPatterns.Create]: [CreateReportRequestDto, ReportDto];
  [ReportPatterns.Mine]: [ActorRequestDto, ReportDto[]];
  [ModerationPatterns.ListReports]: [ListReportsRequestDto, ModerationReportDto[]];
  [ModerationPatterns.GetReport]: [ReportIdRequestDto, ModerationReportDto];
  [ModerationPatterns.Dismiss]: [DismissReportRequestDto, ModerationActionResultDto];
  [ModerationPatterns.DeleteMessage]: [MessageActionRequestDto, ModerationActionResultDto];
  [ModerationPatterns.DeleteRoom]: [RoomActionRequestDto, ModerationActionResultDto];
  [ModerationPatterns.Warn]: [UserActionRequestDto, ModerationActionResultDto];
  [ModerationPatterns.Mute]: [MuteUserRequestDto, ModerationActionResultDto];
  [ModerationPatterns.Suspend]: [SuspendUserRequestDto, ModerationActionResultDto];
  [ModerationPatterns.Ban]: [UserActionRequestDto, ModerationActionResultDto];
  [ModerationPatterns.Lift]: [LiftSanctionRequestDto, ModerationActionResultDto];
  [ModerationPatterns.Audit]: [AuditRequestDto, AuditEntryDto[]];
  [ModerationPatterns.UserRecord]: [UserRecordRequestDto, ModerationUserRecordDto];
  [ModerationPatterns.MyStatus]: [ActorRequestDto, MyModerationStatusDto];
  [ModerationPatterns.ReadNotices]: [ReadNoticesRequestDto, Ok];
  [SanctionPatterns.Apply]: [ApplySanctionRequestDto, AccountSanctionDto];
  [SanctionPatterns.Lift]: [LiftAccountSanctionRequestDto, AccountSanctionDto];
  [SanctionPatterns.SearchAccounts]: [SearchAccountsRequestDto, ModerationAccountDto[]];
  [SanctionPatterns.GetAccount]: [AccountRequestDto, ModerationAccountDetailDto];
  [VipPatterns.Grant]: [GrantVipRequestDto, VipChangeDto];
  [VipPatterns.Revoke]: [RevokeVipRequestDto, VipChangeDto];
  [VipPatterns.History]: [VipHistoryRequestDto, VipChangeDto[]];
  [SearchPatterns.Messages]: [SearchMessagesRequestDto, SearchPageDto];

  [DataExportPatterns.Ask]: [UserIdDto, DataExportStatusDto];
  [DataExportPatterns.Status]: [UserIdDto, DataExportStatusDto];
  [DataExportPatterns.Account]: [UserIdDto, AccountExportDto];
  [DataExportPatterns.ChatPage]: [ChatExportPageRequestDto, DataExportPageDto];
  [DataExportPatterns.MarketplacePage]: [MarketplaceExportPageRequestDto, DataExportPageDto];

  [AccountDeletionPatterns.Request]: [RequestAccountDeletionRequestDto, AccountDeletionStatusDto];
  [AccountDeletionPatterns.Cancel]: [UserIdDto, AccountDeletionStatusDto];
  [AccountDeletionPatterns.Status]: [UserIdDto, AccountDeletionStatusDto];
  [AccountDeletionPatterns.EraseChat]: [UserIdDto, ErasedPartDto];
  [AccountDeletionPatterns.EraseMarketplace]: [UserIdDto, ErasedPartDto];
  [AccountDeletionPatterns.EraseMedia]: [UserIdDto, ErasedPartDto];
}

/** Every service answers `<service>.health.check` with its HealthReport. */
type HealthContract = { [S in ServiceName as `${S}.health.check`]: [Empty, HealthReport] };

export type RpcPattern = keyof RpcContract | keyof HealthContract;
type AllContracts = RpcContract & HealthContract;
export type RpcRequest<P extends RpcPattern> = AllContracts[P][0];
export type RpcResponse<P extends RpcPattern> = AllContracts[P][1];
