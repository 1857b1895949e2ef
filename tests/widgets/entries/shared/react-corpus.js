// What every React corpus page shares (tests/widgets/corpus/README.md): it declares the page's controls in
// window.__corpus, mirrors each control's model value (the value the library's own onChange gave, kept in React
// state) into window.__state, and sets window.__ready once the first render is committed and the fonts and
// styles have loaded. The page's inline script has set up window.__state and window.__errors before this runs.
// It lives outside entries/'s top level, so tests/widgets/build does not bundle it on its own.
import React from "react";
import { createRoot } from "react-dom/client";

export const h = React.createElement;

/** React state for the control `key`, copied to window.__state[key] on every commit (through `serialize`,
 *  for values that are not plain JSON, such as dates). */
export function useModel(key, initial, serialize = (value) => value) {
  const [value, setValue] = React.useState(initial);
  React.useLayoutEffect(() => {
    window.__state[key] = serialize(value);
  }, [key, value]);
  return [value, setValue];
}

function Ready({ children }) {
  React.useEffect(() => {
    document.fonts.ready.then(() =>
      requestAnimationFrame(() => {
        window.__ready = true;
      }),
    );
  }, []);
  return children;
}

/** Declares the page (`corpus`: {library, package, controls}) and renders `App` into #root. */
export function startCorpus(corpus, App) {
  window.__corpus = corpus;
  createRoot(document.getElementById("root")).render(h(Ready, null, h(App)));
}
