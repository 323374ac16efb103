/**
 * handlebars' runtime alone, without its compiler: the templates arrive
 * precompiled (compiled-templates.d.ts). A module of its own so the bundle
 * puts it in a chunk of its own, loaded only when a page is rendered.
 */

import runtime from 'handlebars/runtime'

export default runtime
