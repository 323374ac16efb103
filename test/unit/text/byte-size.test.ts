import t from 'tap'
import { byteSize } from '../../../src/text/byte-size.js'

t.test('kB, MB with one decimal, GB with two', async (t) => {
  t.strictSame([0, 499, 820_400, 999_999, 1e6, 31_549_999, 999_999_999, 1e9, 1_137_501_071].map(byteSize),
    ['0 kB', '0 kB', '820 kB', '1000 kB', '1.0 MB', '31.5 MB', '1000.0 MB', '1.00 GB', '1.14 GB'])
})
