// The two linters the OpenAPI document must pass with no error and no warning (checked in the
// test suite): Redocly's recommended rules and Spectral's OpenAPI rules. The rule sets are
// these, in full; a rule turned off would be turned off here, with its reason.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';

/** Redocly's rule set: `recommended`. */
export const redoclyRules = { extends: ['recommended'] };

/** Spectral's rule set: the OpenAPI rules, `recommended` severity. */
export const spectralRules = { extends: [[spectralRulesets.oas, 'recommended']] } as const;

/** Every problem both linters report for `document` (JSON text), as `linter severity rule: message at`. */
export async function lintOpenApi(document: string): Promise<string[]> {
  const config = await createConfig(redoclyRules);
  const redocly = await lintFromString({ source: document, absoluteRef: '/openapi.json', config });
  const spectral = new spectralCore.Spectral();
  // @stoplight/spectral-rulesets declares `oas` as its object literal's inferred type, which
  // spectral-core's RulesetDefinition does not accept (its rules' literals widened); the value is
  // the ruleset spectral-core is documented to take.
  spectral.setRuleset(spectralRules as never);
  const found = await spectral.run(new spectralCore.Document(document, spectralParsers.Json));
  return [
    ...redocly.map((p) => `redocly ${p.severity} ${p.ruleId}: ${p.message} ${p.location?.[0]?.pointer ?? ''}`),
    ...found.map((p) => `spectral ${p.severity} ${p.code}: ${p.message} ${p.path.join('.')}`),
  ];
}
