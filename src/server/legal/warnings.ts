import { legalTexts as l } from '#domain/texts/legal.ts';
import type { Config } from '#server/config.ts';

/**
 * What the operator must still configure to sell to consumers within the law: logged at start
 * and shown in the back office's « À faire » band (issue 34 reads it through this function).
 */
export function legalConfigurationWarnings(config: Config): string[] {
  return config.legal.mediator ? [] : [l.mediatorUnset];
}
