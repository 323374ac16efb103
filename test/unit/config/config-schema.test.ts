import t from 'tap'
import { configValidator, describeAllowed, readConfigSchema, schemaProblems, shown } from '../../../src/config/config-schema.js'

const validate = configValidator()

const problems = (value: unknown): string[] => {
  return validate(value) ? [] : schemaProblems(validate.errors ?? [])
}

t.test('what is allowed, in words', async (t) => {
  t.equal(describeAllowed({ type: 'integer', minimum: 1 }), 'an integer >= 1')
  t.equal(describeAllowed({ type: 'integer', minimum: 0, maximum: 65535 }), 'an integer from 0 to 65535')
  t.equal(describeAllowed({ enum: ['html', 'json'] }), 'one of "html", "json"')
  t.equal(describeAllowed({ type: 'string', minLength: 1 }), 'a non-empty string')
  t.equal(describeAllowed({ type: 'boolean' }), 'true or false')
  t.equal(describeAllowed({ type: 'array', items: { type: 'string' } }), 'a list of strings')
  t.equal(describeAllowed({ type: 'array', minItems: 1, items: { type: 'string' } }), 'a non-empty list of strings')
  t.equal(describeAllowed({ type: ['integer', 'string'] }), 'an integer or a string')
  t.equal(describeAllowed({ type: 'object' }), 'an object')
})

t.test('values are shown as JSON, cut at 60 characters', async (t) => {
  t.equal(shown('ten'), '"ten"')
  t.equal(shown(null), 'null')
  t.equal(shown({ a: [1] }), '{"a":[1]}')
  t.equal(shown('x'.repeat(100)), `"${'x'.repeat(58)}…`)
})

t.test('a valid config has no problems', async (t) => {
  t.strictSame(problems({}), [])
  t.strictSame(problems({
    limit: 50, tz: 'Europe/Berlin', emit: 'ndjson', status: 404, notices: ['php.log'], anyUrl: true,
    shapes: { patterns: ['/{category}/'], segmentTypes: { sku: 'SW[0-9]+' }, reserved: [] },
  }), [])
})

t.test('one line per problem: key path, what is allowed, the value given', async (t) => {
  t.strictSame(problems({ limit: 'ten' }), ['/limit must be an integer >= 1 (got "ten")'])
  t.strictSame(problems({ limit: 0 }), ['/limit must be an integer >= 1 (got 0)'])
  t.strictSame(problems({ limit: 2.5 }), ['/limit must be an integer >= 1 (got 2.5)'])
  t.strictSame(problems({ emit: 'xml' }), ['/emit must be one of "html", "json", "ndjson", "csv" (got "xml")'])
  t.strictSame(problems({ anyUrl: 'yes' }), ['/anyUrl must be true or false (got "yes")'])
  t.strictSame(problems({ notices: 'php.log' }), ['/notices must be a list of strings (got "php.log")'])
  t.strictSame(problems({ notices: ['a', 3] }), ['/notices/1 must be a non-empty string (got 3)'])
  t.strictSame(problems({ status: true }), ['/status must be an integer or a string (got true)'])
  t.strictSame(problems([1]), ['(the top level) must be an object (got [1])'])
  t.strictSame(problems({ limit: 'ten', tz: 5, emit: 'xml' }), [
    '/limit must be an integer >= 1 (got "ten")',
    '/tz must be a non-empty string (got 5)',
    '/emit must be one of "html", "json", "ndjson", "csv" (got "xml")',
  ], 'every problem at once')
})

t.test('an unknown key names the nearest allowed one', async (t) => {
  t.strictSame(problems({ limt: 5 }), ['unknown key /limt (did you mean limit?)'])
  t.strictSame(problems({ shapes: { pattern: ['/x/'] } }), ['unknown key /shapes/pattern (did you mean patterns?)'])
  t.strictSame(problems({ 'any-url': true, notices_limit: 3 }), [
    'unknown key /any-url (did you mean anyUrl?)',
    'unknown key /notices_limit (did you mean noticesLimit?)',
  ], 'flag names find their keys')
})

t.test('shapes are checked too', async (t) => {
  t.strictSame(problems({ shapes: { patterns: [] } }), ['/shapes/patterns must be a non-empty list of strings (got [])'])
  t.strictSame(problems({ shapes: { segmentTypes: { 'bad-name': 'x' } } }), [
    '/shapes/segmentTypes has a bad name "bad-name": a type name is letters, digits and _, not starting with a digit',
  ])
  t.strictSame(problems({ shapes: { segmentTypes: { sku: 5 } } }), ['/shapes/segmentTypes/sku must be a non-empty string (got 5)'])
  t.strictSame(problems({ shapes: { reserved: 'api' } }), ['/shapes/reserved must be a list of strings (got "api")'])
})

t.test('every key has a description that names its flag', async (t) => {
  const schema = readConfigSchema()
  for (const [key, node] of Object.entries(schema.properties)) {
    t.ok(node.description && node.description.length > 10, `${key} is described`)
  }
})
