/**
 * npm run keys -- add --role read|admin --name "…"   issue a key (shown once, here; stored hashed)
 * npm run keys -- list                                the keys: id, role, name, when issued and revoked
 * npm run keys -- revoke ID                           refused from then on, on every server (NOTIFY)
 *
 * On the database `npm run api` uses: DATABASE_URL, or PGlite in PGLITE_DIR (default .data/pglite), which one
 * process opens at a time: stop the server to issue or revoke keys there (docs/deployment.md).
 */
import { parseArgs } from 'node:util';
import { issueKey, listKeys, revokeKey } from './db/key-store.ts';
import { migrate } from './db/migrations.ts';
import { pglite, postgres, type Sql } from './db/sql.ts';
import { pgliteDirAtStart } from './start-config.ts';

const USAGE = `usage: npm run keys -- add --role read|admin --name "who holds it"
       npm run keys -- list
       npm run keys -- revoke ID`;

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const { values, positionals } = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: { role: { type: 'string' }, name: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
const [command, ...rest] = positionals;
if (!command || !['add', 'list', 'revoke'].includes(command)) fail(USAGE);

const url = process.env.DATABASE_URL?.trim();
const sql: Sql = await (url ? postgres(url, { max: 1 }) : pglite(pgliteDirAtStart(process.env))).catch((error: Error) =>
  fail(`Could not open the database: ${error.message}`),
);
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
