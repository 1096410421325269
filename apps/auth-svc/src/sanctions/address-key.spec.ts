import { addressKey } from './address-key';

describe('addressKey', () => {
  it('spells one Gmail mailbox one way whatever the case, dots, +tag or googlemail.com', () => {
    expect(addressKey(' J.Ohn.Doe+spam@GoogleMail.com ')).toBe('johndoe@gmail.com');
    expect(addressKey('johndoe@gmail.com')).toBe('johndoe@gmail.com');
  });

  it('drops the +tag only where the provider ignores it, and keeps dots elsewhere', () => {
    expect(addressKey('Jane+news@Outlook.com')).toBe('jane@outlook.com');
    expect(addressKey('Jane.Roe+news@Example.com')).toBe('jane.roe+news@example.com');
  });
});
