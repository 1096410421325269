import { MARKETPLACE_TEXT } from '../marketplace-copy';
import { sellerStatus } from '../seller-status';

describe('sellerStatus', () => {
  it('shows the availability a seller sets in their profile', () => {
    expect(sellerStatus({ isBusy: false, acceptsCalls: true, availability: 'available' })).toMatchObject({ label: MARKETPLACE_TEXT.status.available, tone: 'green' });
    expect(sellerStatus({ isBusy: false, acceptsCalls: true, availability: 'busy' })).toMatchObject({ label: MARKETPLACE_TEXT.status.busy, tone: 'red', notAccepting: false });
    expect(sellerStatus({ isBusy: false, acceptsCalls: true, availability: 'offline' })).toMatchObject({ label: MARKETPLACE_TEXT.status.offline, tone: 'grey' });
  });

  it('shows Busy during a call whatever the profile says', () => {
    expect(sellerStatus({ isBusy: true, acceptsCalls: true, availability: 'available' })).toMatchObject({ label: MARKETPLACE_TEXT.status.busy, tone: 'red' });
  });
});
