// The widget corpus's Headless UI page (tests/widgets/corpus/headlessui.html): Headless UI v2's components, each
// labelled, each reporting the value its onChange gave to window.__state. Headless UI ships no styles: the few rules
// below draw each part as its documentation's examples do, so that every part has a size and a place. (Headless UI
// has no slider, date or time picker, tooltip, toast or tree.)
import {
  Checkbox,
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Dialog,
  DialogPanel,
  DialogTitle,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Field,
  Input,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
  Menu,
  MenuButton,
  MenuItem,
  MenuItems,
  Radio,
  RadioGroup,
  Switch,
  Tab,
  TabGroup,
  TabList,
  Textarea,
} from "@headlessui/react";
import React from "react";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, SECTIONS, SIZES, TOPPINGS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const STYLE = `
body { font: 14px system-ui, sans-serif; margin: 0; }
.page { width: 420px; padding: 12px; display: flex; flex-direction: column; gap: 10px; }
.row { display: flex; gap: 10px; align-items: center; }
label { font-weight: 500; display: block; }
.row label { display: inline; font-weight: normal; }
input, textarea, .button { font: inherit; border: 1px solid #bbb; border-radius: 4px; padding: 4px 8px; background: white; }
.button { min-width: 100px; text-align: left; }
.options { background: white; border: 1px solid #bbb; border-radius: 4px; padding: 4px; box-shadow: 0 4px 12px #0003; min-width: 140px; outline: none; }
.option { padding: 4px 8px; border-radius: 3px; }
.option[data-focus] { background: #e0e7ff; }
.option[data-selected] { font-weight: 600; }
.checkbox, .radio { display: inline-block; width: 16px; height: 16px; border: 1px solid #888; border-radius: 3px; background: white; }
.radio { border-radius: 50%; }
.checkbox[data-checked], .radio[data-checked] { background: #4f46e5; border-color: #4f46e5; }
.switch { display: inline-flex; width: 38px; height: 22px; border-radius: 11px; background: #bbb; padding: 2px; box-sizing: border-box; }
.switch[data-checked] { background: #4f46e5; }
.knob { width: 18px; height: 18px; border-radius: 9px; background: white; transition: transform 100ms; }
.switch[data-checked] .knob { transform: translateX(16px); }
.tabs { display: flex; border-bottom: 1px solid #ccc; }
.tab { font: inherit; border: none; background: none; padding: 6px 12px; }
.tab[data-selected] { border-bottom: 2px solid #4f46e5; }
.backdrop { position: fixed; inset: 0; background: #0005; display: flex; align-items: center; justify-content: center; }
.panel { background: white; padding: 16px; border-radius: 6px; }
.disclosure { font: inherit; width: 100%; text-align: left; border: none; border-bottom: 1px solid #ccc; background: none; padding: 6px 0; font-weight: 600; }
`;
document.head.appendChild(Object.assign(document.createElement("style"), { textContent: STYLE }));

function Choice({ label, options, value, setValue, multiple }) {
  return h(Field, null, h(Label, null, label),
    h(Listbox, { value, onChange: setValue, multiple },
      h(ListboxButton, { className: "button" }, (multiple ? value.join(", ") : value) || "Choose"),
      h(ListboxOptions, { anchor: "bottom start", className: "options" },
        options.map((each) => h(ListboxOption, { key: each, value: each, className: "option" }, each)))));
}

function Country({ value, setValue }) {
  const [query, setQuery] = React.useState("");
  const shown = COUNTRIES.filter((each) => each.toLowerCase().includes(query.toLowerCase()));
  return h(Field, null, h(Label, null, "Country"),
    h(Combobox, { value, onChange: setValue, onClose: () => setQuery("") },
      h(ComboboxInput, { displayValue: (each) => each || "", onChange: (event) => setQuery(event.target.value) }),
      h(ComboboxOptions, { anchor: "bottom start", className: "options" },
        shown.map((each) => h(ComboboxOption, { key: each, value: each, className: "option" }, each)))));
}

// Headless UI's Disclosure takes no onChange: its own open state reaches the page through the render prop.
function Reported({ open, setOpen }) {
  React.useEffect(() => setOpen(open), [open, setOpen]);
  return null;
}

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "Standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", 0);
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [, setPanel] = useModel("panels", false);
  return h("div", { className: "page" },
    h(Field, null, h(Label, null, "Full name"), h(Input, { value: name, onChange: (event) => setName(event.target.value) })),
    h(Field, null, h(Label, null, "Notes"), h(Textarea, { rows: 2, cols: 40, value: notes, onChange: (event) => setNotes(event.target.value) })),
    h("div", { className: "row", style: { alignItems: "start" } },
      h(Choice, { label: "Size", options: SIZES, value: size, setValue: setSize }),
      h(Choice, { label: "Toppings", options: TOPPINGS, value: toppings, setValue: setToppings, multiple: true })),
    h(Country, { value: country, setValue: setCountry }),
    h("div", { className: "row" },
      h(Field, { className: "row" }, h(Checkbox, { className: "checkbox", checked: terms, onChange: setTerms }), h(Label, null, "Accept the terms")),
      h(Field, { className: "row" }, h(Switch, { className: "switch", checked: alerts, onChange: setAlerts }, h("span", { className: "knob" })), h(Label, null, "Email alerts"))),
    h(RadioGroup, { value: delivery, onChange: setDelivery },
      h(Label, null, "Delivery"),
      h("div", { className: "row" },
        DELIVERIES.map((label) => h(Field, { key: label, className: "row", style: { gap: 4 } }, h(Radio, { className: "radio", value: label }), h(Label, null, label))))),
    h(TabGroup, { selectedIndex: section, onChange: setSection },
      h(TabList, { className: "tabs", "aria-label": "Sections" }, SECTIONS.map((label) => h(Tab, { key: label, className: "tab" }, label)))),
    h("div", { className: "row" },
      h(Menu, null,
        h(MenuButton, { className: "button" }, "Actions"),
        h(MenuItems, { anchor: "bottom start", className: "options" },
          ACTIONS.map((label) => h(MenuItem, { key: label }, h("div", { className: "option", onClick: () => setAction(label.toLowerCase()) }, label))))),
      h("button", { className: "button", onClick: () => setDialog(true) }, "Open dialog")),
    h(Dialog, { open: dialog, onClose: () => setDialog(false) },
      h("div", { className: "backdrop" }, h(DialogPanel, { className: "panel" },
        h(DialogTitle, null, "Confirm the order"), h("p", null, "Place the order now?"),
        h("button", { className: "button", onClick: () => setDialog(false) }, "Place order")))),
    h(Disclosure, null, ({ open }) => [
      h(Reported, { key: "reported", open, setOpen: setPanel }),
      h(DisclosureButton, { key: "button", className: "disclosure" }, "Shipping"),
      h(DisclosurePanel, { key: "panel" }, "Ships in two days."),
    ]),
  );
}

// A Listbox's button is named by its label and its own text (the value, or "Choose" before one is chosen).
startCorpus(
  {
    library: "Headless UI",
    package: "@headlessui/react",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes,
      { key: "size", kind: "select", role: "button", name: "Size Choose", options: [{ role: "option", name: "Medium" }] },
      { key: "toppings", kind: "multiselect", role: "button", name: "Toppings Choose", options: [{ role: "option", name: "Caramel" }, { role: "option", name: "Cherries" }] },
      ORDER_CONTROLS.country, ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery, ORDER_CONTROLS.alerts, ORDER_CONTROLS.section,
      ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels,
    ],
  },
  Page,
);
