// The widget corpus's Ariakit page (tests/widgets/corpus/ariakit.html): Ariakit's components (@ariakit/react), each
// driven by its own store (a *Provider given the value and its setter), whose state reaches window.__state. Ariakit
// ships no styles: the rules below are the plain ones of Ariakit's own examples, made small, so that every part has a
// size and a place. (Ariakit has no slider, date or time picker, or tree.)
import * as Ariakit from "@ariakit/react";
import React from "react";
import { ACTIONS, COUNTRIES, DELIVERIES, SECTIONS, SIZES, TOPPINGS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const STYLE = `
body { font: 14px system-ui, sans-serif; margin: 0; color: #000; }
.page { width: 440px; padding: 10px 12px; display: flex; flex-direction: column; gap: 8px; }
.row { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.field { display: flex; flex-direction: column; gap: 3px; }
.label { font-weight: 500; }
.input, .combobox { font: inherit; height: 30px; box-sizing: border-box; padding: 0 8px; border: none; border-radius: 6px;
  background: white; box-shadow: inset 0 0 0 1px rgba(0,0,0,.15), inset 0 2px 5px rgba(0,0,0,.08); outline: none; width: 200px; }
.input:focus-visible, .combobox:focus-visible { outline: 2px solid #007acc; outline-offset: -1px; }
.button { font: inherit; display: inline-flex; align-items: center; justify-content: center; gap: 4px; height: 30px;
  box-sizing: border-box; padding: 0 12px; border: none; border-radius: 6px; background: white; color: #000;
  box-shadow: inset 0 0 0 1px rgba(0,0,0,.13), inset 0 -1px 0 1px rgba(0,0,0,.07), 0 1px 1px rgba(0,0,0,.1);
  white-space: nowrap; cursor: default; outline: none; }
.button:hover { background: #f2f2f2; }
.button[aria-disabled="true"] { opacity: .5; }
.button[data-focus-visible] { outline: 2px solid #007acc; outline-offset: 2px; }
.select { min-width: 150px; justify-content: space-between; }
.popover { z-index: 50; display: flex; flex-direction: column; max-height: min(var(--popover-available-height, 260px), 260px);
  overflow: auto; overscroll-behavior: contain; border-radius: 8px; border: 1px solid rgba(0,0,0,.13); background: white;
  padding: 4px; box-shadow: 0 10px 15px -3px rgba(0,0,0,.25), 0 4px 6px -4px rgba(0,0,0,.1); outline: none; }
.item { display: flex; align-items: center; gap: 6px; padding: 4px 8px; border-radius: 4px; outline: none; cursor: default; scroll-margin: 4px; }
.item[data-active-item] { background: #007acc; color: white; }
.item[aria-disabled="true"] { opacity: .5; }
.separator { margin: 4px 8px; height: 0; border-top: 1px solid rgba(0,0,0,.13); width: auto; }
.tab-list { display: flex; gap: 4px; }
.tab { font: inherit; height: 28px; padding: 0 12px; border: none; border-radius: 6px; background: rgba(0,0,0,.05); color: #000; outline: none; }
.tab[aria-selected="true"] { background: #007acc; color: white; }
.tab[data-focus-visible] { outline: 2px solid #007acc; outline-offset: 2px; }
.panel { padding: 2px 4px; color: #444; }
.tooltip { z-index: 50; border-radius: 6px; border: 1px solid rgba(0,0,0,.13); background: white; padding: 4px 8px;
  box-shadow: 0 4px 6px -1px rgba(0,0,0,.1); font-size: 13px; }
.hovercard { z-index: 50; width: 220px; border-radius: 8px; border: 1px solid rgba(0,0,0,.13); background: white; padding: 12px;
  box-shadow: 0 10px 15px -3px rgba(0,0,0,.25); display: flex; flex-direction: column; gap: 6px; }
.hovercard h3 { margin: 0; font-size: 15px; }
.hovercard p { margin: 0; }
.link { color: #007acc; text-decoration: underline; text-underline-offset: 2px; }
.backdrop { background: rgba(0,0,0,.1); backdrop-filter: blur(4px); }
.dialog { position: fixed; inset: 0.75rem; z-index: 50; margin: auto; display: flex; flex-direction: column; gap: 12px;
  height: fit-content; max-height: calc(100dvh - 1.5rem); width: 300px; border-radius: 12px; background: white; padding: 16px;
  box-shadow: 0 25px 50px -12px rgba(0,0,0,.25); }
.dialog h2 { margin: 0; font-size: 18px; }
.dialog p { margin: 0; }
.content { padding: 2px 4px; color: #444; }
.checkbox-label, .radio-label { display: flex; align-items: center; gap: 6px; }
.checkbox, .radio { width: 16px; height: 16px; margin: 0; accent-color: #007acc; }
.radio-group { display: flex; gap: 12px; }
.toolbar { display: flex; gap: 4px; padding: 4px; border-radius: 8px; background: rgba(0,0,0,.04); width: fit-content; }
.toolbar .separator { margin: 2px 4px; height: auto; border-top: none; border-left: 1px solid rgba(0,0,0,.2); }
.grid { display: inline-grid; grid-template-columns: repeat(3, auto); gap: 4px; }
.grid [role="row"] { display: contents; }
.cell { font: inherit; height: 26px; padding: 0 10px; border: none; border-radius: 6px; background: rgba(0,0,0,.05); color: #000; outline: none; }
.cell[data-active-item] { background: #007acc; color: white; }
.form { display: flex; gap: 8px; align-items: end; }
.error:empty { display: none; }
.error { color: #c00; font-size: 12px; }
`;
document.head.appendChild(Object.assign(document.createElement("style"), { textContent: STYLE }));

// The Combobox: a ComboboxProvider's value (what the field holds, set by typing and by the item chosen); its
// popover lists the countries that match what is typed, as Ariakit's combobox-filtering example does.
function Country() {
  const [value, setValue] = useModel("country", "");
  const matches = React.useMemo(
    () => COUNTRIES.filter((each) => each.toLowerCase().includes(value.toLowerCase())),
    [value],
  );
  return h(Ariakit.ComboboxProvider, { value, setValue },
    h("div", { className: "field" },
      h(Ariakit.ComboboxLabel, { className: "label" }, "Country"),
      h(Ariakit.Combobox, { className: "combobox", placeholder: "e.g., France" })),
    h(Ariakit.ComboboxPopover, { gutter: 4, sameWidth: true, className: "popover" },
      matches.length
        ? matches.map((each) => h(Ariakit.ComboboxItem, { key: each, value: each, className: "item" }))
        : h("div", { className: "item" }, "No results found")));
}

function Choice({ label, model, items, initial }) {
  const [value, setValue] = useModel(model, initial);
  const multiple = Array.isArray(initial);
  return h(Ariakit.SelectProvider, { value, setValue },
    h("div", { className: "field" },
      h(Ariakit.SelectLabel, { className: "label" }, label),
      h(Ariakit.Select, { className: "button select" },
        multiple ? (value.length ? value.join(", ") : "None") : value || "Choose", h(Ariakit.SelectArrow))),
    h(Ariakit.SelectPopover, { gutter: 4, sameWidth: true, className: "popover" },
      items.map((each) => h(Ariakit.SelectItem, { key: each, value: each, className: "item" },
        multiple ? h(Ariakit.SelectItemCheck) : null, each))));
}

// The Menu: its items' last choice, and the values its MenuItemCheckbox keeps in the MenuProvider's store.
function Actions() {
  const [model, setModel] = useModel("action", { chosen: null, view: [] });
  return h(Ariakit.MenuProvider, {
    values: { view: model.view },
    setValues: (values) => setModel((was) => ({ ...was, view: values.view })),
  },
    h(Ariakit.MenuButton, { className: "button" }, "Actions", h(Ariakit.MenuButtonArrow)),
    h(Ariakit.Menu, { gutter: 4, className: "popover" },
      ACTIONS.map((label) => h(Ariakit.MenuItem, { key: label, className: "item", onClick: () => setModel((was) => ({ ...was, chosen: label })) }, label)),
      h(Ariakit.MenuSeparator, { className: "separator" }),
      h(Ariakit.MenuItemCheckbox, { name: "view", value: "hidden", className: "item" }, h(Ariakit.MenuItemCheck), "Show hidden")));
}

function Confirm() {
  const [open, setOpen] = useModel("dialog", false);
  return h(Ariakit.DialogProvider, { open, setOpen },
    h(Ariakit.DialogDisclosure, { className: "button" }, "Open dialog"),
    h(Ariakit.Dialog, { backdrop: h("div", { className: "backdrop" }), className: "dialog" },
      h(Ariakit.DialogHeading, null, "Confirm the order"),
      h("p", null, "Place the order now?"),
      h(Ariakit.DialogDismiss, { className: "button" }, "Place order")));
}

function Sections() {
  const [selectedId, setSelectedId] = useModel("section", "overview");
  return h(Ariakit.TabProvider, { selectedId, setSelectedId },
    h(Ariakit.TabList, { className: "tab-list", "aria-label": "Sections" },
      SECTIONS.map((label) => h(Ariakit.Tab, { key: label, id: label.toLowerCase(), className: "tab" }, label))),
    SECTIONS.map((label) => h(Ariakit.TabPanel, { key: label, tabId: label.toLowerCase(), className: "panel" }, `${label} of the order.`)));
}

function Help() {
  const [open, setOpen] = useModel("tooltip", false);
  return h(Ariakit.TooltipProvider, { open, setOpen },
    h(Ariakit.TooltipAnchor, { className: "button", render: h(Ariakit.Button) }, "Help"),
    h(Ariakit.Tooltip, { className: "tooltip" }, "Opens the help centre"));
}

// The Hovercard is drawn but not declared: it opens only on a pointer resting over its anchor (or a
// HovercardDisclosure), and no interaction of the runner's table (a single move then a press, or keys) opens it with
// real input, so its every case would compare nothing; its open state is still kept in __state.hovercard.
function Profile() {
  const [open, setOpen] = useModel("hovercard", false);
  return h(Ariakit.HovercardProvider, { open, setOpen },
    h(Ariakit.HovercardAnchor, { href: "#ariakit", className: "link", onClick: (event) => event.preventDefault() }, "@ariakitjs"),
    h(Ariakit.Hovercard, { gutter: 8, className: "hovercard" },
      h(Ariakit.HovercardHeading, { className: "heading" }, "Ariakit"),
      h("p", null, "Toolkit for building accessible web apps with React."),
      h("a", { href: "#follow", className: "button", onClick: (event) => event.preventDefault() }, "Follow")));
}

function Shipping() {
  const [open, setOpen] = useModel("panels", false);
  return h(Ariakit.DisclosureProvider, { open, setOpen },
    h(Ariakit.Disclosure, { className: "button" }, "Shipping"),
    h(Ariakit.DisclosureContent, { className: "content" }, "Ships in two days."));
}

function Terms() {
  const [value, setValue] = useModel("terms", false);
  return h(Ariakit.CheckboxProvider, { value, setValue },
    h("label", { className: "checkbox-label" }, h(Ariakit.Checkbox, { className: "checkbox" }), "Accept the terms"));
}

function Delivery() {
  const [value, setValue] = useModel("delivery", "Standard");
  return h(Ariakit.RadioProvider, { value, setValue },
    h("div", { className: "field" },
      h("span", { className: "label", id: "delivery-label" }, "Delivery"),
      h(Ariakit.RadioGroup, { className: "radio-group", "aria-labelledby": "delivery-label" },
        DELIVERIES.map((label) => h("label", { key: label, className: "radio-label" }, h(Ariakit.Radio, { className: "radio", value: label }), label)))));
}

// The Toolbar: its store's active item (the roving focus the arrow keys move) and the last item pressed.
function Editing() {
  const [model, setModel] = useModel("toolbar", { active: null, pressed: null });
  const press = (label) => () => setModel((was) => ({ ...was, pressed: label }));
  return h(Ariakit.ToolbarProvider, { activeId: model.active, setActiveId: (active) => setModel((was) => ({ ...was, active })) },
    h(Ariakit.Toolbar, { className: "toolbar", "aria-label": "Editing" },
      h(Ariakit.ToolbarItem, { id: "undo", className: "button", onClick: press("undo") }, "Undo"),
      h(Ariakit.ToolbarItem, { id: "redo", className: "button", onClick: press("redo") }, "Redo"),
      h(Ariakit.ToolbarSeparator, { className: "separator" }),
      h(Ariakit.ToolbarItem, { id: "cut", className: "button", onClick: press("cut") }, "Cut"),
      h(Ariakit.ToolbarItem, { id: "copy", className: "button", onClick: press("copy") }, "Copy")));
}

// The Composite grid: its store's active cell, which pressing a cell and the arrow keys move.
const GRID = [["A1", "B1", "C1"], ["A2", "B2", "C2"]];
function Seats() {
  const [activeId, setActiveId] = useModel("seats", null);
  return h(Ariakit.CompositeProvider, { activeId, setActiveId },
    h(Ariakit.Composite, { role: "grid", "aria-label": "Seats", className: "grid" },
      GRID.map((row, index) => h(Ariakit.CompositeRow, { key: index, role: "row" },
        row.map((seat) => h(Ariakit.CompositeItem, { key: seat, id: seat.toLowerCase(), role: "gridcell", className: "cell" }, seat))))));
}

// The Form: its form store's values (read from the store itself, as Ariakit's examples keep the store uncontrolled:
// a store given React state as its values re-renders the field a turn late, and a key pressed right after typing
// then has its caret put back at the end), the field a FormInput.
function Order() {
  const form = Ariakit.useFormStore({ defaultValues: { name: "" } });
  const values = Ariakit.useStoreState(form, "values");
  React.useLayoutEffect(() => {
    window.__state.name = values;
  }, [values]);
  form.useSubmit(() => {});
  return h(Ariakit.Form, { store: form, className: "form" },
    h("div", { className: "field" },
      h(Ariakit.FormLabel, { name: form.names.name, className: "label" }, "Full name"),
      // autocomplete off: else the oracle's Chromium, once a case has submitted the form (type, Enter), keeps "Ada
      // Lovelace" in its form history and shows it under the field, and that popup takes the next case's arrow keys
      h(Ariakit.FormInput, { name: form.names.name, className: "input", placeholder: "Ada Lovelace", autoComplete: "off" }),
      h(Ariakit.FormError, { name: form.names.name, className: "error" })),
    h(Ariakit.FormSubmit, { className: "button" }, "Add"));
}

function Page() {
  return h("div", { className: "page" },
    h(Order),
    h("div", { className: "row", style: { alignItems: "end" } },
      h(Country),
      h(Choice, { label: "Size", model: "size", items: SIZES, initial: "" })),
    h(Choice, { label: "Toppings", model: "toppings", items: TOPPINGS, initial: [] }),
    h("div", { className: "row" }, h(Terms), h(Delivery)),
    h(Sections),
    h("div", { className: "row" }, h(Actions), h(Confirm), h(Help), h(Shipping), h(Profile)),
    h("div", { className: "row" }, h(Editing), h(Seats)));
}

startCorpus(
  {
    library: "Ariakit",
    package: "@ariakit/react",
    controls: [
      { key: "name", kind: "text", role: "textbox", name: "Full name", text: "Ada Lovelace" },
      { key: "country", kind: "combobox", role: "combobox", name: "Country", text: "Fra", options: [{ role: "option", name: "France" }] },
      { key: "size", kind: "select", role: "combobox", name: "Size", options: [{ role: "option", name: "Medium" }] },
      { key: "toppings", kind: "multiselect", role: "combobox", name: "Toppings", options: [{ role: "option", name: "Caramel" }, { role: "option", name: "Cherries" }] },
      { key: "terms", kind: "checkbox", role: "checkbox", name: "Accept the terms" },
      { key: "delivery", kind: "radio", role: "radiogroup", name: "Delivery", options: [{ role: "radio", name: "Express" }, { role: "radio", name: "Pickup" }] },
      { key: "section", kind: "tabs", role: "tablist", name: "Sections", options: [{ role: "tab", name: "Details" }, { role: "tab", name: "Reviews" }] },
      { key: "action", kind: "menu", role: "button", name: "Actions", options: [{ role: "menuitem", name: "Archive" }, { role: "menuitemcheckbox", name: "Show hidden" }] },
      { key: "dialog", kind: "dialog", role: "button", name: "Open dialog" },
      { key: "tooltip", kind: "tooltip", role: "button", name: "Help" },
      { key: "panels", kind: "accordion", role: "button", name: "Shipping" },
      { key: "toolbar", kind: "grid", role: "toolbar", name: "Editing", cells: [{ role: "button", name: "Redo" }, { role: "button", name: "Cut" }] },
      { key: "seats", kind: "grid", role: "grid", name: "Seats", cells: [{ role: "gridcell", name: "B1" }, { role: "gridcell", name: "C2" }] },
    ],
  },
  Page,
);
