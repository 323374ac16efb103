/**
 * A search criterion given as text (a flag value, later a config value) that
 * cannot be used. The message says what is allowed; the caller names the
 * option and the value (commander's InvalidArgumentError for flags, the key
 * path for a config file).
 */
export class InvalidCriterion extends Error {
  override name = 'InvalidCriterion'
}
