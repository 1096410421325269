import { Test } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import { BlockPatterns, CallErrorCode, CallMessages, ErrorCode, SafetyMessages, type ActorDto, type UserRole } from '@app/contracts';
import { RpcClient } from '@app/server';
import { LocaleService } from '../locale/locale.service';
import { Seller } from '../sellers/seller.entity';
import { SellersService } from '../sellers/sellers.service';
import { ActiveCall } from './active-call.entity';
import { CallClock } from './call-clock';
import { CallNotifier } from './call-notifier.service';
import { CallSession } from './call-session.entity';
import { CallsService } from './calls.service';
import { refusal } from '@app/testing/fakes';

// Who may call whom and who may act on a call, refused before anything is written. CallsService
// reads and writes through MikroORM's EntityManager itself (row locks, the active_calls key), so
// its fake here is the few EntityManager calls the refusals reach, answering from fixed rows;
// billing is pure (call-rules.spec.ts) and ringing, answering and ending run for real in
// tests/api/calls.int-spec.ts.

const NOW = new Date('2026-11-29T00:00:00Z');
const actorOf = (role: UserRole, id = 11): ActorDto => ({ id, username: `${role}${id}`, avatar: null, role });

const sellerOf = (fields: Partial<Seller> = {}): Seller =>
  Object.assign(new Seller(), {
    id: 3,
    userId: 20,
    displayName: 'Dr Mira',
    isVerified: true,
    acceptsCalls: true,
    isBusy: false,
    availability: 'available',
    pricing: { audio: { price: 2, enabled: true }, video: { price: 3, enabled: true } },
    ...fields,
  });

const sessionOf = (fields: Partial<CallSession> = {}): CallSession =>
  Object.assign(new CallSession(), { id: 50, buyerId: 11, sellerId: 3, sellerUserId: 20, callType: 'audio', state: 'ringing', createdAt: NOW, buyerHeartbeatAt: NOW, ...fields });

/** The EntityManager calls the refusals reach, over fixed rows; every write is recorded (a flush writes only what changed). */
class RowsEntityManager {
  sellers: Seller[] = [sellerOf()];
  openLines: ActiveCall[] = [];
  session: CallSession | null = null;
  readonly writes: string[] = [];

  fork() {
    return this;
  }

  async findOne(entity: unknown, where: { id?: number; userId?: number }) {
    if (entity === Seller) return this.sellers.find((s) => (where.id === undefined || s.id === where.id) && (where.userId === undefined || s.userId === where.userId)) ?? null;
    if (entity === CallSession) return this.session;
    throw new Error('unexpected read');
  }

  async find(entity: unknown, where: { userId: { $in: number[] } }) {
    const ids = where.userId.$in;
    if (entity === Seller) return this.sellers.filter((s) => ids.includes(s.userId));
    if (entity === ActiveCall) return this.openLines.filter((line) => ids.includes(line.userId));
    throw new Error('unexpected read');
  }

  async transactional<T>(work: (tx: this) => Promise<T>): Promise<T> {
    return work(this);
  }

  create(): never {
    this.writes.push('create');
    throw new Error('unexpected write');
  }

  async flush() {}

  async insert() {
    this.writes.push('insert');
  }

  async nativeUpdate() {
    this.writes.push('nativeUpdate');
    return 0;
  }
}

async function build() {
  const em = new RowsEntityManager();
  const rpc = { request: jest.fn(async () => ({ aBlockedB: false, bBlockedA: false })) };
  const notifier = { toUsers: jest.fn(), sellerStatus: jest.fn() };
  const module = await Test.createTestingModule({
    providers: [
      CallsService,
      { provide: EntityManager, useValue: em },
      { provide: RpcClient, useValue: rpc satisfies Pick<RpcClient, 'request'> | object },
      { provide: CallClock, useValue: { now: () => NOW } satisfies CallClock },
      { provide: CallNotifier, useValue: notifier satisfies Partial<Record<keyof CallNotifier, jest.Mock>> },
      { provide: LocaleService, useValue: { resolve: jest.fn(async () => ({ currency: 'USD', rate: 1 })) } },
      { provide: SellersService, useValue: {} },
    ],
  }).compile();
  return { service: module.get(CallsService), em, rpc, notifier };
}

const call = (actor: ActorDto) => ({ actor, sellerId: 3, callType: 'audio' as const, ip: '203.0.113.5' });

describe('CallsService', () => {
  describe('who may call', () => {
    it.each<[UserRole, object]>([
      ['guest', { status: 403, code: CallErrorCode.SignInRequired, message: CallMessages.signInRequired }],
      ['user', { status: 403, code: CallErrorCode.VipRequired, message: CallMessages.vipRequired }],
      ['moderator', { status: 403, code: ErrorCode.Forbidden, message: CallMessages.roleCannotCall }],
    ])('refuses a %s before reading anything', async (role, answer) => {
      const { service, em, rpc } = await build();
      expect(await refusal(service.start(call(actorOf(role))))).toMatchObject(answer);
      expect(rpc.request).not.toHaveBeenCalled();
      expect(em.writes).toEqual([]);
    });

    it('answers 404 for a seller that is not there and 400 for calling oneself', async () => {
      const { service, em } = await build();
      em.sellers = [];
      expect(await refusal(service.start(call(actorOf('vip'))))).toMatchObject({ status: 404, message: CallMessages.sellerNotFound });
      em.sellers = [sellerOf({ userId: 11 })];
      expect(await refusal(service.start(call(actorOf('seller'))))).toMatchObject({ status: 400, message: CallMessages.selfCall });
      expect(em.writes).toEqual([]);
    });

    it('refuses a call across a block either way, and 503 when chat-svc cannot say', async () => {
      const { service, em, rpc } = await build();
      rpc.request.mockResolvedValueOnce({ aBlockedB: true, bBlockedA: false });
      expect(await refusal(service.start(call(actorOf('vip'))))).toMatchObject({ status: 403, message: SafetyMessages.youBlockedCall('Dr Mira') });
      expect(rpc.request).toHaveBeenCalledWith(BlockPatterns.Between, { userA: 11, userB: 20 }, expect.any(Number));
      rpc.request.mockResolvedValueOnce({ aBlockedB: false, bBlockedA: true });
      expect(await refusal(service.start(call(actorOf('vip'))))).toMatchObject({ status: 403, message: SafetyMessages.CannotCall });
      rpc.request.mockRejectedValueOnce(new Error('timeout'));
      expect(await refusal(service.start(call(actorOf('vip'))))).toMatchObject({ status: 503 });
      expect(em.writes).toEqual([]);
    });
  });

  describe('whom one may call', () => {
    it.each<[string, Partial<Seller>, object]>([
      ['an unverified seller', { isVerified: false }, { status: 422, code: CallErrorCode.SellerNotVerified }],
      ['a seller who takes no calls', { acceptsCalls: false }, { status: 422, code: CallErrorCode.SellerNotAcceptingCalls }],
      ['an offline seller', { availability: 'offline' }, { status: 422, code: CallErrorCode.SellerUnavailable }],
      ['a busy seller', { isBusy: true }, { status: 409, code: CallErrorCode.SellerBusy }],
      ['a seller who set Busy', { availability: 'busy' }, { status: 409, code: CallErrorCode.SellerBusy }],
    ])('refuses %s, writing nothing', async (_, fields, answer) => {
      const { service, em, notifier } = await build();
      em.sellers = [sellerOf(fields)];
      expect(await refusal(service.start(call(actorOf('vip'))))).toMatchObject(answer);
      expect(em.writes).toEqual([]);
      expect(notifier.toUsers).not.toHaveBeenCalled();
    });

    it('refuses a second call of the caller (409 in progress) before the seller is found busy', async () => {
      const { service, em } = await build();
      em.openLines = [Object.assign(new ActiveCall(), { userId: 11, sessionId: 49 }), Object.assign(new ActiveCall(), { userId: 20, sessionId: 48 })];
      expect(await refusal(service.start(call(actorOf('vip'))))).toMatchObject({ status: 409, code: CallErrorCode.CallInProgress });
      em.openLines = [Object.assign(new ActiveCall(), { userId: 20, sessionId: 48 })];
      expect(await refusal(service.start(call(actorOf('vip'))))).toMatchObject({ status: 409, code: CallErrorCode.SellerBusy });
      expect(em.writes).toEqual([]);
    });
  });

  describe('who may act on a call', () => {
    it('answers 404 for a call that is not there', async () => {
      const { service, em } = await build();
      expect(await refusal(service.accept({ actor: actorOf('seller', 20), sessionId: 50 }))).toMatchObject({ status: 404, message: CallMessages.callNotFound });
      expect(em.writes).toEqual([]);
    });

    it('lets only the called seller answer', async () => {
      const { service, em } = await build();
      em.session = sessionOf();
      expect(await refusal(service.accept({ actor: actorOf('vip', 11), sessionId: 50 }))).toMatchObject({ status: 403, message: CallMessages.onlySellerAnswers });
      expect(await refusal(service.accept({ actor: actorOf('vip', 99), sessionId: 50 }))).toMatchObject({ status: 403, message: CallMessages.notParticipant });
      expect(em.writes).toEqual([]);
    });

    it('refuses answering twice (409) and answering an ended call (409)', async () => {
      const { service, em } = await build();
      em.session = sessionOf({ state: 'accepted', acceptedAt: NOW, sellerHeartbeatAt: NOW });
      expect(await refusal(service.accept({ actor: actorOf('seller', 20), sessionId: 50 }))).toMatchObject({ status: 409, code: CallErrorCode.CallAlreadyAnswered });
      const ended = sessionOf({ state: 'ended', endedAt: NOW });
      em.session = ended;
      expect(await refusal(service.accept({ actor: actorOf('seller', 20), sessionId: 50 }))).toMatchObject({ status: 409, code: CallErrorCode.CallEnded });
      expect(em.writes).toEqual([]);
      expect(ended).toMatchObject({ state: 'ended', pricePerMinuteCents: sessionOf().pricePerMinuteCents });
    });

    it("keeps a call's details, its peer and hanging up to its two people", async () => {
      const { service, em } = await build();
      em.session = sessionOf();
      const stranger = { actor: actorOf('vip', 99), sessionId: 50 };
      expect(await refusal(service.get(stranger))).toMatchObject({ status: 403, message: CallMessages.notParticipant });
      expect(await refusal(service.peer(stranger))).toMatchObject({ status: 403, message: CallMessages.notParticipant });
      expect(await refusal(service.end(stranger))).toMatchObject({ status: 403, message: CallMessages.notParticipant });
      expect(em.writes).toEqual([]);
    });

    it('gives the peer only once the call is answered', async () => {
      const { service, em } = await build();
      em.session = sessionOf();
      expect(await refusal(service.peer({ actor: actorOf('vip', 11), sessionId: 50 }))).toMatchObject({ status: 409, code: CallErrorCode.CallNotAnswered });
      em.session = sessionOf({ state: 'ended', endedAt: NOW });
      expect(await refusal(service.peer({ actor: actorOf('vip', 11), sessionId: 50 }))).toMatchObject({ status: 409, code: CallErrorCode.CallEnded });
    });

    it.each<UserRole>(['vip', 'user', 'moderator'])('shows earnings to sellers only, not a %s', async (role) => {
      const { service } = await build();
      expect(await refusal(service.earnings(actorOf(role)))).toMatchObject({ status: 403, message: CallMessages.earningsSellersOnly });
    });
  });
});
