// What every React corpus page shares (tests/widgets/corpus/README.md): it declares the page's controls in
// window.__corpus, mirrors each control's model value (the value the library's own onChange gave, kept in React
// state) into window.__state, and sets window.__ready once the first render is committed and the fonts and
// styles have loaded. The page's inline script has set up window.__state and window.__errors before this runs.
// It lives outside entries/'s top level, so tests/widgets/build does not bundle it on its own.
import React from "react";
import { createRoot } from "react-dom/client";

export const h = React.createElement;

// The order form most pages draw: the lists it offers, and the controls Chromium names alike whichever library draws
// them. A page whose library draws one otherwise (another role, name or press) declares that one itself.
export const SIZES = ["Small", "Medium", "Large"];
export const TOPPINGS = ["Sprinkles", "Caramel", "Cherries", "Hazelnuts"];
export const COUNTRIES = ["Austria", "Belgium", "France", "Germany", "Portugal", "Spain"];
export const DELIVERIES = ["Standard", "Express", "Pickup"];
export const SECTIONS = ["Overview", "Details", "Reviews"];
export const ACTIONS = ["Duplicate", "Archive", "Delete"];
/** The accordion's panels, as [value, label, body]. */
export const PANELS = [["shipping", "Shipping", "Ships in two days."], ["returns", "Returns", "Free within 30 days."]];
export const CITIES = ["Lisbon", "London", "Madrid", "Paris", "Porto"];
/** The departure's calendar opens on May 2014, whatever today is: a trip's range starts there. */
export const TRIP_STARTS = new Date(2014, 4, 1);
/** A row of fields, their boxes lined up at the bottom; and a field under its label, which names it (htmlFor id) and
 *  can name a box that takes no id (aria-labelledby `${id}-label`). */
export const FIELD_ROW = { display: "flex", gap: 16, alignItems: "end" };
export const labelled = (label, id, control) =>
  h("div", { style: { display: "flex", flexDirection: "column", gap: 4 } }, h("label", { htmlFor: id, id: `${id}-label` }, label), control);
/** A list's option as a {value, label} object, its value the label in lower case. */
export const option = (label) => ({ value: label.toLowerCase(), label });

/** Those controls by key: a page lists the ones it draws, in its own order, among its own declarations. */
export const ORDER_CONTROLS = {
  name: { key: "name", kind: "text", role: "textbox", name: "Full name", text: "Ada Lovelace" },
  notes: { key: "notes", kind: "textarea", role: "textbox", name: "Notes", text: "Leave at the door" },
  size: { key: "size", kind: "select", role: "combobox", name: "Size", options: [{ role: "option", name: "Medium" }] },
  toppings: { key: "toppings", kind: "multiselect", role: "combobox", name: "Toppings", options: [{ role: "option", name: "Caramel" }, { role: "option", name: "Cherries" }] },
  country: { key: "country", kind: "combobox", role: "combobox", name: "Country", text: "Fra", options: [{ role: "option", name: "France" }] },
  start: { key: "start", kind: "time", role: "textbox", name: "Start time", text: "10:30" },
  volume: { key: "volume", kind: "slider", role: "slider", name: "Volume" },
  terms: { key: "terms", kind: "checkbox", role: "checkbox", name: "Accept the terms" },
  delivery: { key: "delivery", kind: "radio", role: "radiogroup", name: "Delivery", options: [{ role: "radio", name: "Express" }, { role: "radio", name: "Pickup" }] },
  alerts: { key: "alerts", kind: "switch", role: "switch", name: "Email alerts" },
  section: { key: "section", kind: "tabs", role: "tablist", name: "Sections", options: [{ role: "tab", name: "Details" }, { role: "tab", name: "Reviews" }] },
  action: { key: "action", kind: "menu", role: "button", name: "Actions", options: [{ role: "menuitem", name: "Archive" }] },
  dialog: { key: "dialog", kind: "dialog", role: "button", name: "Open dialog" },
  panels: { key: "panels", kind: "accordion", role: "button", name: "Shipping" },
  tooltip: { key: "tooltip", kind: "tooltip", role: "button", name: "Help" },
  toast: { key: "toast", kind: "toast", role: "button", name: "Show toast" },
  tree: { key: "tree", kind: "tree", role: "tree", name: "Files", options: [{ role: "treeitem", name: "Report.pdf" }, { role: "treeitem", name: "Budget.xlsx" }] },
};

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
