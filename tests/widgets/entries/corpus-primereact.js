// The widget corpus's PrimeReact page (tests/widgets/corpus/primereact.html): PrimeReact 10's controls in its
// default styled mode, with the Lara light blue theme (the page links the theme's prebuilt CSS; PrimeReact injects
// each component's own base rules itself), each reporting the value its onChange (onTabChange, onSelectionChange,
// onCellEditComplete...) gave to window.__state. PrimeReact 10, not 11: 11 ships no prebuilt theme and wants
// React 19. It is the React sibling of the PrimeVue page, and covers the same kinds, with a tooltip, a data table
// whose cells are edited in place, and a list box besides.
import React from "react";
import { Accordion, AccordionTab } from "primereact/accordion";
import { AutoComplete } from "primereact/autocomplete";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Checkbox } from "primereact/checkbox";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { Dialog } from "primereact/dialog";
import { Dropdown } from "primereact/dropdown";
import { InputSwitch } from "primereact/inputswitch";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { ListBox } from "primereact/listbox";
import { Menu } from "primereact/menu";
import { MultiSelect } from "primereact/multiselect";
import { RadioButton } from "primereact/radiobutton";
import { Slider } from "primereact/slider";
import { TabPanel, TabView } from "primereact/tabview";
import { Toast } from "primereact/toast";
import { Tooltip } from "primereact/tooltip";
import { Tree } from "primereact/tree";
import {
  ACTIONS, CITIES, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, TRIP_STARTS, h, startCorpus, useModel,
} from "./shared/react-corpus.js";

const STYLE = `
body { margin: 0; font-size: 14px; color: var(--text-color); background: var(--surface-ground, #f9fafb); }
.page { width: 680px; padding: 6px 12px; display: flex; flex-direction: column; gap: 5px; }
.fields { display: grid; grid-template-columns: 78px 1fr 78px 1fr; align-items: center; gap: 5px 8px; }
.fields > :nth-child(even) { width: 100%; min-width: 0; }
.fields .p-autocomplete-input, .fields .p-calendar .p-inputtext { width: 100%; }
.inline { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.p-tabview .p-tabview-panels { padding: 4px 12px; }
.p-tabview .p-tabview-nav li .p-tabview-nav-link { padding: 8px 14px; }
.p-accordion .p-accordion-header .p-accordion-header-link { padding: 8px 14px; }
.p-accordion .p-accordion-content { padding: 8px 14px; }
.p-datatable .p-datatable-tbody > tr > td, .p-datatable .p-datatable-thead > tr > th { padding: 4px 10px; }
.p-tree { padding: 2px; }
.p-tree .p-treenode-children { padding-left: 16px; }
.p-tree .p-tree-container .p-treenode .p-treenode-content { padding: 0 4px; }
.p-listbox .p-listbox-list { padding: 2px 0; }
.p-listbox .p-listbox-list .p-listbox-item { padding: 3px 12px; }
`;
document.head.appendChild(Object.assign(document.createElement("style"), { textContent: STYLE }));

const day = (date) => (date instanceof Date ? [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((part) => String(part).padStart(2, "0")).join("-") : date ?? null);
const FILES = [
  { key: "documents", label: "Documents", children: [{ key: "report", label: "Report.pdf" }, { key: "budget", label: "Budget.xlsx" }] },
];
const BUDGETS = [
  { id: 1, city: "Oslo", budget: 4000 },
  { id: 2, city: "Rome", budget: 1200 },
];

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", "");
  const [suggestions, setSuggestions] = React.useState([]);
  const [departure, setDeparture] = useModel("departure", null, day);
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "Standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", 0);
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", null);
  const [, setTip] = useModel("tooltip", false);
  const [, setToasts] = useModel("toast", 0);
  const [budgets, setBudgets] = useModel("budgets", BUDGETS);
  const [files, setFiles] = useModel("tree", null);
  const [expanded, setExpanded] = React.useState({ documents: true });
  const [cities, setCities] = useModel("cities", []);
  const menu = React.useRef(null);
  const toast = React.useRef(null);

  const field = (label, id, control) => [h("label", { key: `${id}-label`, htmlFor: id, id: `${id}-label` }, label), h(React.Fragment, { key: id }, control)];
  const small = "p-inputtext-sm";
  return h("div", { className: "page" },
    h("div", { className: "fields" },
    field("Full name", "name", h(InputText, { id: "name", className: small, value: name, onChange: (event) => setName(event.target.value) })),
    field("Notes", "notes", h(InputTextarea, { id: "notes", className: small, rows: 1, value: notes, onChange: (event) => setNotes(event.target.value) })),
    field("Size", "size", h(Dropdown, {
      inputId: "size", ariaLabelledBy: "size-label", className: "p-inputtext-sm", options: SIZES, value: size,
      onChange: (event) => setSize(event.value), placeholder: "Choose a size",
    })),
    field("Toppings", "toppings", h(MultiSelect, {
      inputId: "toppings", ariaLabelledBy: "toppings-label", className: "p-inputtext-sm", options: TOPPINGS, value: toppings,
      onChange: (event) => setToppings(event.value), placeholder: "Choose toppings",
    })),
    field("Country", "country", h(AutoComplete, {
      inputId: "country", inputClassName: small, value: country, suggestions,
      completeMethod: (event) => setSuggestions(COUNTRIES.filter((each) => each.toLowerCase().includes(event.query.toLowerCase()))),
      onChange: (event) => setCountry(event.value),
    })),
    field("Departure", "departure", h(Calendar, {
      inputId: "departure", inputClassName: small, value: departure, onChange: (event) => setDeparture(event.value),
      dateFormat: "mm/dd/yy", viewDate: departure || TRIP_STARTS,
    })),
    field("Volume", "volume", h(Slider, { "aria-labelledby": "volume-label", min: 0, max: 10, value: volume, onChange: (event) => setVolume(event.value), style: { margin: "8px 0" } }))),
    h("div", { className: "inline" },
      h(Checkbox, { inputId: "terms", checked: terms, onChange: (event) => setTerms(event.checked) }),
      h("label", { htmlFor: "terms" }, "Accept the terms"),
      h(InputSwitch, { inputId: "alerts", checked: alerts, onChange: (event) => setAlerts(event.value), style: { marginLeft: 16 } }),
      h("label", { htmlFor: "alerts" }, "Email alerts")),
    h("div", { className: "field" },
      h("span", { id: "delivery-label" }, "Delivery"),
      h("div", { className: "inline", role: "radiogroup", "aria-labelledby": "delivery-label" },
        DELIVERIES.map((label) => h(React.Fragment, { key: label },
          h(RadioButton, { inputId: `delivery-${label.toLowerCase()}`, name: "delivery", value: label, checked: delivery === label, onChange: (event) => setDelivery(event.value) }),
          h("label", { htmlFor: `delivery-${label.toLowerCase()}` }, label))))),
    h(TabView, { pt: { nav: { "aria-label": "Sections" } }, activeIndex: section, onTabChange: (event) => setSection(event.index) },
      SECTIONS.map((label) => h(TabPanel, { key: label, header: label }, `${label} of the order.`))),
    h("div", { className: "inline" },
      h(Button, { label: "Actions", size: "small", onClick: (event) => menu.current.toggle(event), "aria-haspopup": true, "aria-controls": "actions-menu" }),
      h(Menu, { ref: menu, id: "actions-menu", popup: true, model: ACTIONS.map((label) => ({ label, command: () => setAction(label) })) }),
      h(Button, { label: "Open dialog", size: "small", onClick: () => setDialog(true) }),
      h(Button, { label: "Show toast", size: "small", outlined: true, onClick: () => { setToasts((was) => was + 1); toast.current.show({ severity: "success", summary: "Saved", life: 4000 }); } }),
      h(Button, { id: "help", label: "Help", size: "small", text: true }),
      h(Tooltip, { target: "#help", content: "Opens the help centre", position: "top", onShow: () => setTip(true), onHide: () => setTip(false) })),
    h(Dialog, { header: "Confirm the order", visible: dialog, onHide: () => setDialog(false), style: { width: 360 } },
      h("p", { style: { margin: 0 } }, "Place the order now?"),
      h("div", { className: "inline", style: { justifyContent: "flex-end", marginTop: 12 } },
        h(Button, { label: "Cancel", size: "small", text: true, onClick: () => setDialog(false) }),
        h(Button, { label: "Place order", size: "small", onClick: () => setDialog(false) }))),
    h(Toast, { ref: toast }),
    h(Accordion, { activeIndex: panel, onTabChange: (event) => setPanel(event.index) },
      PANELS.map(([value, label, body]) => h(AccordionTab, { key: value, header: label }, body))),
    h(DataTable, { value: budgets, dataKey: "id", editMode: "cell", size: "small", pt: { table: { "aria-label": "Budgets" } } },
      [["city", "City"], ["budget", "Budget"]].map(([field, header]) => h(Column, {
        key: field, field, header,
        editor: (options) => h(InputText, { className: small, value: options.value, onChange: (event) => options.editorCallback(event.target.value) }),
        onCellEditComplete: (event) => {
          setBudgets((was) => was.map((row) => (row.id === event.rowData.id ? { ...row, [field]: event.newValue } : row)));
        },
      }))),
    h("div", { className: "inline", style: { alignItems: "start" } },
      h("div", { style: { flex: 1 } },
        h("div", { id: "files-label" }, "Files"),
        h(Tree, {
          value: FILES, selectionMode: "single", selectionKeys: files, onSelectionChange: (event) => setFiles(event.value),
          expandedKeys: expanded, onToggle: (event) => setExpanded(event.value), ariaLabelledBy: "files-label",
        })),
      h("div", { style: { flex: 1 } },
        h("div", { id: "cities-label" }, "Cities"),
        h(ListBox, { multiple: true, options: CITIES, value: cities, onChange: (event) => setCities(event.value), "aria-labelledby": "cities-label" }))),
  );
}

startCorpus(
  {
    library: "PrimeReact",
    package: "primereact",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes,
      // Dropdown's and MultiSelect's focusable fields are 1-pixel inputs (p-hidden-accessible) inside the box they
      // draw (a text field for Dropdown, a combobox for MultiSelect): a person presses the box.
      { key: "size", kind: "select", role: "textbox", name: "Size", press: ".p-dropdown", options: [{ role: "option", name: "Medium" }, { role: "option", name: "Large" }] },
      { ...ORDER_CONTROLS.toppings, press: ".p-multiselect" },
      { key: "country", kind: "autocomplete", role: "combobox", name: "Country", text: "Fra", options: [{ role: "option", name: "France" }] },
      { key: "departure", kind: "date", role: "combobox", name: "Departure", text: "05/14/2014", cells: [{ role: "gridcell", name: "05/14/2014" }] },
      ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.alerts, ORDER_CONTROLS.delivery, ORDER_CONTROLS.section,
      ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.toast, ORDER_CONTROLS.panels, ORDER_CONTROLS.tooltip,
      // Every cell is edited in place: a click opens its editor (a text field), Enter or a click elsewhere commits it.
      { key: "budgets", kind: "grid", role: "table", name: "Budgets", cells: [{ role: "cell", name: "Oslo" }, { role: "cell", name: "1200" }] },
      ORDER_CONTROLS.tree,
      { key: "cities", kind: "multiselect", role: "listbox", name: "Cities", options: [{ role: "option", name: "London" }, { role: "option", name: "Paris" }] },
    ],
  },
  Page,
);
