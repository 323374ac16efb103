/**
 * The templates of templates/, precompiled when the package is built
 * (scripts/bundle.js writes build/compiled-templates.js; package.json's
 * "imports" makes it #compiled-templates, typed by this file), so a run
 * needs only handlebars' runtime and reads no template file.
 */

import type Handlebars from 'handlebars'

/** A template as Handlebars.precompile wrote it; handlebars/runtime's template() makes it a function. */
export type TemplateSpec = Parameters<typeof Handlebars.template>[0]

/** The listing's frame: everything but its items, which go where `{{> notices}}`, `{{> rows}}` and `{{> details}}` stand. */
export declare const page: TemplateSpec
export declare const profile: TemplateSpec
/** One item of the listing each: a notice, a table row, a token's detail section. */
export declare const items: Readonly<Record<'notice' | 'row' | 'detail', TemplateSpec>>
/** The static page's read-only sidebar; the served page's search form (`serve`). */
export declare const partials: Readonly<Record<'sidebar' | 'searchForm', TemplateSpec>>
/** A served page that only says why there is no other (404, 405, 503 …). */
export declare const message: TemplateSpec
/** templates/page.css, without its last line break. */
export declare const stylesheet: string
/** templates/search-form.css (the served page's form), without its last line break. */
export declare const formStylesheet: string
