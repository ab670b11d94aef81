import { ensureBankSettings } from '@bank/api/settings/service';
import { loadConfig } from '@bank/config';
import { createDb } from '@bank/db';
import { demoUsers, ensureAdmin, seedDemoUsers } from './bootstrap.ts';

const config = loadConfig();
const handle = await createDb(config.database);
await handle.migrate();
await ensureBankSettings(handle.db);
const created = await seedDemoUsers(handle.db);
await ensureAdmin(handle.db, config.admin);
await handle.close();
console.info(`Demo users (${created.length} new):`);
for (const user of demoUsers)
  console.info(`  ${user.role.padEnd(7)} ${user.email}  ${user.password}`);
