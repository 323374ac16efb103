/**
 * The templates of templates/, precompiled when the package is built
 * (test/build-tools/bundle.js writes compiled-templates.js next to this
 * file), so a run needs only handlebars' runtime and reads no template file.
 */

import type Handlebars from 'handlebars'

/** A template as Handlebars.precompile wrote it; handlebars/runtime's template() makes it a function. */
export type TemplateSpec = Parameters<typeof Handlebars.template>[0]

export declare const page: TemplateSpec
export declare const profile: TemplateSpec
export declare const partials: Readonly<Record<'detail' | 'sidebar', TemplateSpec>>
/** templates/page.css, without its last line break. */
export declare const stylesheet: string
