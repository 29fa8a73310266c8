import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { warmUp } from './geo/index.ts';
import { legalConfigurationWarnings } from './legal/warnings.ts';
import { unsupportedNodeWarning } from './system/node-support.ts';

async function main(): Promise<void> {
  const nodeWarning = unsupportedNodeWarning(process.versions.node);
  if (nodeWarning) console.warn(nodeWarning);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  // The seal is opened (or generated, the first time) now: a bad SIGNING_P12_* stops the start.
  const seal = await app.seal();
  if (seal.source === 'generated') {
    app.log.info(
      `Signed quotes are sealed with a self-signed certificate (${config.dataDir}/seal/). Set SIGNING_P12_PATH and SIGNING_P12_PASSWORD to use a certificate from a trusted authority (README).`,
    );
  }
  if (config.nodeEnv === 'production' && !process.env.PUBLIC_URL) {
    app.log.warn(
      `PUBLIC_URL is not set: links in e-mails point to ${config.publicUrl} and cookies are not marked Secure. Set PUBLIC_URL=https://… in production.`,
    );
  }
  for (const warning of legalConfigurationWarnings(config)) app.log.warn(warning);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Load the offline gazetteer and prerender the public pages now rather than on the first
  // visitor's request.
  warmUp(app.geo);
  void app.warmPages();
  app.log.info(`Convoyage Pro ready at ${config.publicUrl} (data: ${config.dataDir}, database: ${config.database.kind})`);
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
