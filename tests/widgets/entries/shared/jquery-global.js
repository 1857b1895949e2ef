// jQuery as the global that jQuery plugins built as ES modules read when they load (Kendo UI's window.jQuery): a
// module of its own, imported first, so that it runs before theirs.
import jQuery from "jquery";

window.jQuery = jQuery;
window.$ = jQuery;
