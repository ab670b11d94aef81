import { ConfigError, loadConfig } from '@bank/config';
import { startRuntime } from './runtime.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const runtime = await startRuntime(config);
const { app } = runtime;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: finishing in-flight requests`);
    // The steps keep within the grace period; this is the backstop should anything still run.
    setTimeout(() => {
      app.log.error(`shutdown: not done after ${config.shutdownGraceMs} ms, exiting`);
      process.exit(1);
    }, config.shutdownGraceMs + 500).unref();
    runtime
      .stop()
      .then((unfinished) => process.exit(unfinished.length === 0 ? 0 : 1))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ port: config.port, host: config.host });
const mailNote = config.smtpUrl ? 'SMTP' : `development mailbox at ${config.publicUrl}/dev/mailbox`;
app.log.info(
  `Horizon Bank on ${config.publicUrl} (${config.database.kind === 'pglite' ? `embedded database in ${config.database.dir}` : 'PostgreSQL'}; mail: ${mailNote})`,
);
