/**
 * The notices in fixtures/php/ (made by fixtures/php/make-php-fixtures.sh with
 * real php-cli 8.2), in PHP's text form, for exact expectations. The floats
 * are the microtime(true) values of the run that made the files: regenerating
 * the fixtures changes them here.
 */

import { fixture } from '../../helpers/run-cli.js'

export const phpFixture = (name: string): string => fixture(`php/${name}`)

export const SHOP = '/var/www/shop'

export const ITERATOR =
  'Deprecated: Return type of Enlight_Plugin_PluginCollection::getIterator() should either be compatible with IteratorAggregate::getIterator(): Traversable, or the #[\\ReturnTypeWillChange] attribute should be used to temporarily suppress the notice in /var/www/shop/engine/Library/Enlight/Plugin/PluginCollection.php on line 16'

/** Shopware()->Db() called from shopware.php line 20 (twice per request) or 22: the path is in the message too. */
export const db = (calledOn: 20 | 22): string =>
  `Deprecated: Shopware()->Db() called in /var/www/shop/shopware.php on line ${calledOn} is deprecated since 5.7, use the DBAL connection in /var/www/shop/engine/Shopware/Components/LegacyDb.php on line 11`

export const float = (value: string): string =>
  `Deprecated: Implicit conversion from float ${value} to int loses precision in /var/www/shop/engine/Library/Enlight/Template/Plugins/modifier.currency.php on line 10`

/** error_log (and the nginx and Apache logs made from it): two float notices per request, 4 requests. */
export const LOG_FLOATS = [
  ['1795351683.100506', '1795351683.100556'],
  ['1795351684.13488', '1795351684.135029'],
  ['1795351685.265228', '1795351685.265282'],
  ['1795351686.457398', '1795351686.457462'],
] as const

/** What one storefront request raises, in order. */
export const requestNotices = ([first, second]: readonly [string, string]): string[] =>
  [ITERATOR, float(first), db(20), db(20), db(22), float(second)]

/** Every Deprecated occurrence in error_log, in file order (the cron run raises none). */
export const ERROR_LOG_ALL = LOG_FLOATS.flatMap((floats) => requestNotices(floats))

/** A notice as the page shows it when it stands for `count` occurrences (distinct notices). */
export const times = (line: string, count: number): string => (count === 1 ? line : `${line} (${count} times)`)

/**
 * The default preface of error_log: three notices, each once, with the text
 * of its latest occurrence and how often it occurred. The float notices
 * differ only in their number, the db() ones in the line they name.
 */
export const ERROR_LOG_PREFACE = [times(ITERATOR, 4), times(float('1795351686.457462'), 8), times(db(22), 12)]

/** screen-text.txt and screen-html.html: one request each (then the cron run's fatal error). */
export const SCREEN_TEXT_FLOATS = ['1795351687.647786', '1795351687.647821'] as const
export const SCREEN_HTML_FLOATS = ['1795351687.74015', '1795351687.740185'] as const
export const screenPreface = ([, second]: readonly [string, string]): string[] =>
  [ITERATOR, times(float(second), 2), times(db(22), 3)]

/**
 * nginx-error.log: request 2's entry was cut by nginx at 2048 bytes, after its
 * second db(20) notice, so its db(22) and second float notice are missing.
 */
export const NGINX_PREFACE = [times(ITERATOR, 4), times(float('1795351686.457462'), 7), times(db(22), 11)]

/** Each shape of PHP error output in fixtures/php/ and the preface a page of it begins with. */
export const PREFACE_OF_FILE: readonly (readonly [string, readonly string[]])[] = [
  ['error_log', ERROR_LOG_PREFACE],
  ['screen-text.txt', screenPreface(SCREEN_TEXT_FLOATS)],
  ['screen-html.html', screenPreface(SCREEN_HTML_FLOATS)],
  ['nginx-error.log', NGINX_PREFACE],
  ['apache-error.log', ERROR_LOG_PREFACE],
  ['apache-mod_php-error.log', ERROR_LOG_PREFACE],
]
