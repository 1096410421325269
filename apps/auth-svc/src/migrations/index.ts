import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Users } from './Migration20261122000000-users';
import { Migration20261123000000RoleBeforeSeller } from './Migration20261123000000-role-before-seller';
import { Migration20261125000000UnconfirmedEmail } from './Migration20261125000000-unconfirmed-email';
import { Migration20261126100000AccountSanctions } from './Migration20261126100000-account-sanctions';
import { Migration20261127100000BannedAddress } from './Migration20261127100000-banned-address';
import { Migration20261128100000VipGrants } from './Migration20261128100000-vip-grants';
import { Migration20261128200000UserLanguage } from './Migration20261128200000-user-language';
import { Migration20261129100000TwoStep } from './Migration20261129100000-two-step';
import { Migration20261130100000Passkeys } from './Migration20261130100000-passkeys';
import { Migration20261201200000KnownDevices } from './Migration20261201200000-known-devices';
import { Migration20261202100000OidcIdentities } from './Migration20261202100000-oidc-identities';
import { Migration20261202200000AccountDeletion } from './Migration20261202200000-account-deletion';

/** Every migration, in order. Listed in code so the build and jest need no file globbing. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000000-users', class: Migration20261122000000Users },
  { name: 'Migration20261123000000-role-before-seller', class: Migration20261123000000RoleBeforeSeller },
  { name: 'Migration20261125000000-unconfirmed-email', class: Migration20261125000000UnconfirmedEmail },
  { name: 'Migration20261126100000-account-sanctions', class: Migration20261126100000AccountSanctions },
  { name: 'Migration20261127100000-banned-address', class: Migration20261127100000BannedAddress },
  { name: 'Migration20261128100000-vip-grants', class: Migration20261128100000VipGrants },
  { name: 'Migration20261128200000-user-language', class: Migration20261128200000UserLanguage },
  { name: 'Migration20261129100000-two-step', class: Migration20261129100000TwoStep },
  { name: 'Migration20261130100000-passkeys', class: Migration20261130100000Passkeys },
  { name: 'Migration20261201200000-known-devices', class: Migration20261201200000KnownDevices },
  { name: 'Migration20261202100000-oidc-identities', class: Migration20261202100000OidcIdentities },
  { name: 'Migration20261202200000-account-deletion', class: Migration20261202200000AccountDeletion },
];
