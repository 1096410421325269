import { callMediaChanged, callOwned, callsSlice, callStateHeard, meterMs, type CallsState } from '../calls-slice';
import { formatDuration, runningMoney } from '../call-money';
import { makeSession } from './call-fixtures';

describe('the running meter', () => {
  it('charges by the second at the per-minute price, as the bill will: $24/min for 2:05 is $50.00, $42.50 of it the seller’s', () => {
    const session = makeSession({ pricePerMinute: 24 });
    expect(runningMoney(session, 125_400)).toEqual({ cost: '$50.00', earning: '$42.50' });
    expect(runningMoney(session, 999)).toEqual({ cost: '$0.00', earning: '$0.00' });
    expect(runningMoney(makeSession({ pricePerMinute: 24, displayCurrency: 'INR', displayRate: 85.84 }), 125_000)?.cost).toBe('₹4292.00');
    expect(runningMoney(makeSession({ pricePerMinute: null }), 60_000)).toBeNull();
  });

  it('leaves out the time this side’s connection was down', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const reduce = (state: CallsState, action: Parameters<typeof callsSlice.reducer>[1]) => callsSlice.reducer(state, action);
      let state = callsSlice.reducer(undefined, { type: 'init' });
      state = reduce(state, callOwned({ sessionId: 5, side: 'buyer', callType: 'audio', peer: { name: 'Coach Kim', avatar: null }, state: 'accepted' }));
      state = reduce(state, callMediaChanged('connected'));
      state = reduce(state, callStateHeard({ sessionId: 5, state: 'connected' }));
      jest.advanceTimersByTime(10_000);
      state = reduce(state, callMediaChanged('disconnected'));
      jest.advanceTimersByTime(4_000);
      state = reduce(state, callMediaChanged('connected'));
      jest.advanceTimersByTime(6_000);
      expect(meterMs(state.active!.meter, Date.now())).toBe(16_000);
      expect(Date.now() - state.active!.meter!.startedAt).toBe(20_000);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows durations as m:ss, with hours when there are any', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});
