#!/usr/bin/env bash
# The store's tests run against a real PostgreSQL server as well as PGlite. This makes sure one is running on
# loopback with a role the tests may create databases with (KAPULUAN_TEST_DATABASE_URL, default below).
# As root on Debian it installs PostgreSQL from Debian's packages where missing and starts its cluster; elsewhere
# it only checks, and says how to point the tests at a server.
set -euo pipefail
url="${KAPULUAN_TEST_DATABASE_URL:-postgres://kapuluan_test:kapuluan_test@127.0.0.1:5432/postgres}"
ready() { node -e "
  const pg = require('pg');
  const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
  c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
" "$url" >/dev/null 2>&1; }
# A test's database is dropped WITH (FORCE), which ends the sessions still on it; an autovacuum worker among them
# may only be ended by a member of pg_signal_backend. Granted whenever this machine's cluster is up and we may (root),
# even when the server already answers: a role made before the grant was written, or by hand, lacks it, and
# without it a drop that meets an autovacuum worker waits for it to go (src/test/databases.ts).
read -r role loopback < <(node -e "
  const u = new URL(process.argv[1]);
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  console.log(decodeURIComponent(u.username) || 'postgres', local ? 1 : 0);
" "$url" 2>/dev/null) || true
cluster_up() {
  [ "$(id -u)" = 0 ] && [ "$loopback" = 1 ] && command -v runuser >/dev/null 2>&1 && id postgres >/dev/null 2>&1 &&
    runuser -u postgres -- psql -qtAc 'select 1' >/dev/null 2>&1
}
grant_signal() {
  runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -v role="$role" <<'SQL'
select format('grant pg_signal_backend to %I', rolname) from pg_roles
 where rolname = :'role' and not pg_has_role(rolname, 'pg_signal_backend', 'member')
\gexec
SQL
}
if cluster_up; then grant_signal; fi
if ready; then exit 0; fi
if [ -n "${KAPULUAN_TEST_DATABASE_URL:-}" ] || [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "No PostgreSQL answers at $url: the PostgreSQL store tests will be skipped (CI fails them)." >&2
  echo "Start a server and set KAPULUAN_TEST_DATABASE_URL to a role that may CREATE DATABASE." >&2
  exit 0
fi
if ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "Installing PostgreSQL from Debian's packages for the store's tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
fi
# The first cluster Debian made (postgresql-common creates "main" on install).
read -r version cluster _ < <(pg_lsclusters --no-header | head -n 1)
if [ -z "${version:-}" ]; then
  version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
  cluster=main
  pg_createcluster "$version" "$cluster" >/dev/null
fi
pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start 2>/dev/null || true
for _ in $(seq 1 30); do
  runuser -u postgres -- psql -qtAc 'select 1' >/dev/null 2>&1 && break
  sleep 0.5
done
runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 <<'SQL'
do $$ begin
  if not exists (select from pg_roles where rolname = 'kapuluan_test') then
    create role kapuluan_test login createdb password 'kapuluan_test';
  end if;
end $$;
SQL
grant_signal
if ready; then echo "PostgreSQL $version/$cluster is running for the store's tests."; else
  echo "PostgreSQL $version/$cluster started, but $url does not answer" >&2; exit 1
fi
