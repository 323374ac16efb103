/**
 * handlebars' runtime alone, without its compiler: the templates arrive
 * precompiled (compiled-templates.d.ts). A module of its own so that it is
 * made ready only when a page is rendered.
 */

import type Handlebars from 'handlebars'
import runtimeModule from 'handlebars/runtime.js'

/** The runtime's typings declare nothing; it is handlebars' API without compile(). */
const runtime = runtimeModule as unknown as Pick<typeof Handlebars, 'create'>

export default runtime
