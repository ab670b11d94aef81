// The PostgreSQL journeys' fresh database on the server of a URL (scripts/test.sh):
//   node scripts/e2e-database.mjs create <server-url>                prints the new one's URL
//   node scripts/e2e-database.mjs drop <server-url> <database-url>
// postgres.js comes from packages/db, which depends on it (the root does not).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const postgres = createRequire(new URL('../packages/db/package.json', import.meta.url))('postgres');
const [action, serverUrl, databaseUrl] = process.argv.slice(2);
if (!serverUrl || (action !== 'create' && !(action === 'drop' && databaseUrl))) {
  process.stderr.write(
    'usage: e2e-database.mjs create <server-url> | drop <server-url> <database-url>\n',
  );
  process.exit(2);
}
const name =
  action === 'create'
    ? `e2e_${Date.now()}_${randomBytes(3).toString('hex')}`
    : new URL(databaseUrl).pathname.slice(1);
if (!/^e2e_\w+$/.test(name)) throw new Error(`not an e2e database: ${name}`);
const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
try {
  if (action === 'create') {
    await sql.unsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    process.stdout.write(`${url}\n`);
  } else {
    await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
} finally {
  await sql.end({ timeout: 1 });
}
