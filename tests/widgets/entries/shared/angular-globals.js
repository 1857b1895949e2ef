// The globals Angular's build tools define for an app (Angular CLI's esbuild defines): read by the framework's code,
// some of it bare, where esbuild alone defines none. Imported first by an Angular entry, before any of Angular's.
// Not bundled on its own (it lives outside entries/'s top level).
globalThis.ngServerMode = false; // in a browser, not server-side rendering
globalThis.ngHmrMode = false; // no hot module replacement
globalThis.ngI18nClosureMode = false; // no Closure Compiler i18n
