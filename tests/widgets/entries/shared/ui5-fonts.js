// UI5's font faces, from the installed @sap-theming package instead of the CDN UI5 would fetch them from (there is
// no network: each font's request waited out a DNS timeout, and the page's fonts.ready with it). UI5 inserts its own
// only where no style[data-ui5-font-face] is there yet; imported first, this one is.
import fontFaces from '@ui5/webcomponents-base/dist/generated/css/FontFace.css.js';

const CDN = /https:\/\/cdn\.jsdelivr\.net\/npm\/@sap-theming\/theming-base-content@[^/]+\//g;
const style = document.createElement('style');
style.setAttribute('data-ui5-font-face', '');
style.textContent = fontFaces.replace(CDN, '/widgets/node_modules/@sap-theming/theming-base-content/');
document.head.append(style);
