/**
 * What the database stores (PGlite and PostgreSQL) promise beyond every store's contract: a row that breaks the
 * rules stops the load, migrations apply once, and two servers on one PostgreSQL database hear of each other's
 * creates and never deadlock on members they share.
 */
import { describe, expect, test } from 'vitest';
import { MemberTaken } from '../../service/store.ts';
import { freshPostgres, migrated } from '../../test/databases.ts';
import {
  BACOLOD,
  ILOILO,
  kinds,
  memory,
  NEGROS_OCCIDENTAL,
  openPerTest,
  region,
  withPostgres,
} from '../../test/store-kinds.ts';
import { databaseStore } from './database-store.ts';
import { migrate } from './migrations.ts';

describe.each(kinds.filter((k) => k !== memory))('the $name database', (kind) => {
  const open = openPerTest(kind);

  test('a row that breaks the rules stops the load, naming it', async () => {
    const opened = await open();
    await opened.sql!.query(
      `insert into created_regions (string_id, name, code, created_at) values ('region-bad', $1, 'BAD', now())`,
      ['Bad\u0007name'],
    );
    await expect(opened.store.load()).rejects.toThrow(/regions\[0\]\.name/);
  });

  test('migrating again applies nothing', async () => {
    const opened = await open();
    expect(await migrate(opened.sql!)).toEqual([]);
  });
});

describe.skipIf(!withPostgres)('two servers on one PostgreSQL database', () => {
  test('each hears of the other one’s creates, and not of its own', async () => {
    const db = await freshPostgres();
    try {
      // both start at once: the migrations run once between them
      const [a, b] = await Promise.all([migrated(db), migrated(db)]);
      const first = databaseStore(a);
      const second = databaseStore(b);
      const heardByFirst: number[] = [];
      const heardBySecond: number[] = [];
      const stopFirst = await first.watch!(() => heardByFirst.push(Date.now()));
      const stopSecond = await second.watch!(() => heardBySecond.push(Date.now()));
      await first.addRegion(region('HEARD'));
      await expect.poll(() => heardBySecond.length).toBe(1);
      expect(heardByFirst).toEqual([]);
      expect((await second.load()).regions.map((r) => r.code)).toEqual(['HEARD']);
      await stopFirst();
      await stopSecond();
    } finally {
      await db.drop();
    }
  });

  test('two adds sharing members in opposite orders: one is stored, the other refused, never a deadlock', async () => {
    const db = await freshPostgres();
    try {
      const [a, b, blocker] = [await migrated(db), await db.open(), await db.open()];
      // A third transaction holds ILOILO, which both adds list between the two members they share: each has
      // inserted its first member when it waits, so taking members in the order given would deadlock.
      let release!: () => void;
      const holding = blocker
        .transaction(async (tx) => {
          const [row] = await tx.query<{ numeric_id: string }>(
            `insert into created_regions (string_id, name, code, created_at)
             values ('region-hold', 'Hold', 'HOLD', now()) returning numeric_id`,
          );
          await tx.query('insert into created_region_members (member, region_id, position) values ($1, $2, 0)', [
            ILOILO,
            row.numeric_id,
          ]);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await expect.poll(() => release).toBeDefined();
      const members = [
        [NEGROS_OCCIDENTAL, ILOILO, BACOLOD],
        [BACOLOD, ILOILO, NEGROS_OCCIDENTAL],
      ];
      const adds = Promise.allSettled([
        databaseStore(a).addRegion({ ...region('NIR'), members: members[0] }),
        databaseStore(b).addRegion({ ...region('WV'), members: members[1] }),
      ]);
      const waiting = async () =>
        (
          await blocker.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0].n;
      await expect.poll(waiting).toBe(2);
      release();
      await holding;
      const answers = await adds;
      const refused = answers.filter((x) => x.status === 'rejected');
      expect(answers.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0].reason).toBeInstanceOf(MemberTaken);
      // all three are the other one's now, named in the order the refused add gave them
      const loser = answers.findIndex((x) => x.status === 'rejected');
      expect(refused[0].reason).toMatchObject({ kind: 'region', codes: members[loser] });
      const [kept] = (await databaseStore(a).load()).regions;
      expect(kept.members).toEqual(members[1 - loser]);
    } finally {
      await db.drop();
    }
  });
});
