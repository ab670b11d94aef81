import { loadConfig } from '@bank/config';
import { createDb } from './client.ts';

const config = loadConfig();
const handle = await createDb(config.database);
await handle.migrate();
await handle.close();
console.info(`Migrations applied (${config.database.kind}).`);
