import { Test } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { KnownDevices } from './known-devices';
import { KnownDevicesRepository } from './known-devices.repository';
import { fn, statementLog, type Fake } from '@app/testing/fakes';

// Whether a sign-in's browser is new to its account, over a typed fake of the devices' table
// (a set of account and hash pairs); the repository's statements are pinned below, and a new
// device's mail runs for real in tests/api/devices.int-spec.ts.

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function build(known: Array<[number, string]> = []) {
  const rows = new Set(known.map(([userId, deviceId]) => `${userId}:${sha256(deviceId)}`));
  const repository = {
    note: fn(async (...[userId, hash]: [number, string]) => {
      const key = `${userId}:${hash}`;
      const inserted = !rows.has(key);
      rows.add(key);
      return inserted;
    }),
    knowsOtherThan: fn(async (...[userId, hash]: [number, string]) => [...rows].some((key) => key.startsWith(`${userId}:`) && key !== `${userId}:${hash}`)),
  } satisfies Fake<KnownDevicesRepository>;
  const module = await Test.createTestingModule({ providers: [KnownDevices, { provide: KnownDevicesRepository, useValue: repository }] }).compile();
  return { devices: module.get(KnownDevices), repository, rows };
}

describe('KnownDevices', () => {
  it('keeps only the SHA-256 of the device cookie', async () => {
    const { devices, repository, rows } = await build();
    await devices.note(11, 'cookie-a');
    expect(repository.note).toHaveBeenCalledWith(11, sha256('cookie-a'));
    expect([...rows].join()).not.toContain('cookie-a');
  });

  it("learns an account's first browser without calling it a stranger", async () => {
    const { devices } = await build();
    expect(await devices.note(11, 'cookie-a')).toEqual({ new: true, knewOthers: false });
  });

  it('finds a browser new to an account that knew others, and known the second time', async () => {
    const { devices, repository } = await build([[11, 'cookie-a']]);
    expect(await devices.note(11, 'cookie-b')).toEqual({ new: true, knewOthers: true });
    expect(await devices.note(11, 'cookie-b')).toEqual({ new: false, knewOthers: true });
    expect(repository.knowsOtherThan).toHaveBeenCalledTimes(1);
  });

  it("does not count another account's browsers", async () => {
    const { devices } = await build([[12, 'cookie-a']]);
    expect(await devices.note(11, 'cookie-a')).toEqual({ new: true, knewOthers: false });
  });
});

describe('KnownDevicesRepository', () => {
  it('records or touches the device in one statement, telling a new row by xmax', async () => {
    const { em, statements } = statementLog([[{ inserted: true }], []]);
    const repository = new KnownDevicesRepository(em as unknown as EntityManager);
    expect(await repository.note(11, 'hash')).toBe(true);
    expect(await repository.note(11, 'hash')).toBe(false);
    expect(statements[0]).toEqual({
      sql: 'insert into "known_devices" ("user_id", "device_hash") values (?, ?) on conflict ("user_id", "device_hash") do update set "last_seen_at" = now() returning (xmax = 0) as "inserted"',
      params: [11, 'hash'],
    });
  });

  it('asks for any other device of the account', async () => {
    const { em, statements } = statementLog([[{ known: true }]]);
    expect(await new KnownDevicesRepository(em as unknown as EntityManager).knowsOtherThan(11, 'hash')).toBe(true);
    expect(statements).toEqual([{ sql: 'select exists (select 1 from "known_devices" where "user_id" = ? and "device_hash" <> ?) as "known"', params: [11, 'hash'] }]);
  });
});
