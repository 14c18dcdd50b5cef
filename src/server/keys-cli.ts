/**
 * npm run keys -- add --role read|admin --name "…"   issue a key (shown once, here; stored hashed)
 * npm run keys -- list                                the keys: id, role, name, when issued and revoked
 * npm run keys -- revoke ID                           refused from then on, on every server (NOTIFY)
 *
 * On the database `npm run api` uses, named explicitly: DATABASE_URL, or PGLITE_DIR for a PGlite folder, which one
 * process opens at a time (stop the server to issue or revoke keys there, docs/deployment.md). It says which
 * database it writes to, and makes none by itself: a PGlite folder holding no database is refused unless
 * `--create` asks for one, since keys issued into a folder the server does not read would let nobody in.
 */

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { issueKey, listKeys, revokeKey } from './db/key-store.ts';
import { migrate } from './db/migrations.ts';
import { pglite, postgres, type Sql } from './db/sql.ts';
import { pgliteDirAtStart } from './start-config.ts';

const USAGE = `usage: npm run keys -- add --role read|admin --name "who holds it"
       npm run keys -- list
       npm run keys -- revoke ID
on the server's database: DATABASE_URL=postgres://… or PGLITE_DIR=<the server's PGlite folder>
(--create makes a new PGlite folder there)`;

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const { values, positionals } = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: { role: { type: 'string' }, name: { type: 'string' }, create: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
const [command, ...rest] = positionals;
if (!command || !['add', 'list', 'revoke'].includes(command)) fail(USAGE);

const url = process.env.DATABASE_URL?.trim();
const sql: Sql = await (url ? postgres(url, { max: 1 }) : pglite(pgliteFolder())).catch((error: Error) =>
  fail(`Could not open the database: ${error.message}`),
);
console.log(`Database: ${sql.description}`);
try {
  await migrate(sql);
  if (command === 'add') {
    if (rest.length) fail(USAGE);
    const role = values.role ?? fail(`--role read or --role admin is needed\n${USAGE}`);
    if (role !== 'read' && role !== 'admin') fail('--role must be read or admin');
    const issued = await issueKey(sql, values.name ?? '', role as 'read' | 'admin').catch((e: Error) =>
      fail(e.message),
    );
    console.log(`Issued ${issued.role} key ${issued.id} for ${issued.name}. The key, shown this once:`);
    console.log(issued.key);
  } else if (command === 'list') {
    const keys = await listKeys(sql);
    if (!keys.length) console.log('No keys in the database (keys from API_KEYS and ADMIN_KEYS are not listed here).');
    for (const k of keys) {
      console.log(
        [k.id, k.role.padEnd(5), k.createdAt, k.revokedAt ? `revoked ${k.revokedAt}` : 'active', k.name].join('  '),
      );
    }
  } else {
    const [id] = rest;
    if (!id || rest.length > 1) fail(USAGE);
    if (!(await revokeKey(sql, id))) fail(`No active key ${id} (npm run keys -- list shows them)`);
    console.log(`Revoked ${id}: every server refuses it from now on.`);
  }
} finally {
  await sql.close();
}

/**
 * The PGlite folder PGLITE_DIR names, holding a database already unless --create asks for a new one; without
 * PGLITE_DIR (or DATABASE_URL) nothing is guessed: `npm run api`'s default folder is relative to where it runs.
 */
function pgliteFolder(): string {
  if (!process.env.PGLITE_DIR?.trim()) {
    return fail(
      'Which database? Set DATABASE_URL to the PostgreSQL server npm run api uses, or PGLITE_DIR to its PGlite ' +
        'folder (npm run api keeps one in .data/pglite of the folder it runs in unless PGLITE_DIR says otherwise).',
    );
  }
  const dir = pgliteDirAtStart(process.env);
  if (dir.startsWith('memory://')) return fail('PGLITE_DIR=memory:// keeps nothing: no server would read the keys');
  // PostgreSQL's data folder holds PG_VERSION once initdb has made it.
  if (!values.create && !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    return fail(
      `${dir} holds no database: is PGLITE_DIR the folder the server uses? Add --create to make a new one there.`,
    );
  }
  return dir;
}
