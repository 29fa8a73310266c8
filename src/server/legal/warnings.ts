import { legalTexts as l } from '#domain/texts/legal.ts';
import type { Config } from '#server/config.ts';

/**
 * What the operator must still configure to sell to consumers within the law: logged at start
 * and shown in the back office's « À faire » band (issue 34 reads it through this function).
 */
export function legalConfigurationWarnings(config: Config): string[] {
  return isMediatorUnset(config) ? [l.mediatorUnset] : [];
}

/** No consumer mediator is configured (art. L616-1 and R616-1 of the Code de la consommation). */
export const isMediatorUnset = (config: Config) => config.legal.mediator === null;
