// The widget corpus's WordPress components page (tests/widgets/corpus/wordpress.html): @wordpress/components, the
// React components of WordPress's block editor and admin screens, with its own stylesheet. Its ComboboxControl
// filters a list as text goes in; its CustomSelectControl (Ariakit's select) opens a listbox of its own; its
// FormTokenField turns suggestions into tokens; its DatePicker draws a month of day buttons; its RangeControl pairs a
// range input with a number field. Each control reports the value its onChange (onSelect, onToggle...) gave to
// window.__state.
import "@wordpress/components/build-style/style.css";
import {
  Button,
  CheckboxControl,
  ComboboxControl,
  CustomSelectControl,
  DatePicker,
  DropdownMenu,
  FormTokenField,
  Modal,
  Panel,
  PanelBody,
  RadioControl,
  RangeControl,
  Snackbar,
  TabPanel,
  TextControl,
  TextareaControl,
  ToggleControl,
} from "@wordpress/components";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, h, option, startCorpus, useModel } from "./shared/react-corpus.js";

// (the 40-pixel fields and no bottom margins: the defaults WordPress asks new code for, which later versions make so)
const NEXT = { __next40pxDefaultSize: true, __nextHasNoMarginBottom: true };
const sizes = SIZES.map((label) => ({ key: label.toLowerCase(), name: label }));

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [departure, setDeparture] = useModel("departure", null);
  const [volume, setVolume] = useModel("volume", 30);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panels, setPanels] = useModel("panels", []);
  const [toasts, setToasts] = useModel("toast", 0);
  const toggle = (value) => (opened) => setPanels((was) => (opened ? [...was, value] : was.filter((each) => each !== value)));
  return h("div", { style: { width: 640, padding: 12, display: "flex", flexDirection: "column", gap: 8 } },
    h("div", { style: { display: "flex", gap: 16 } },
      h(TextControl, { ...NEXT, label: "Full name", value: name, onChange: setName }),
      h(TextareaControl, { __nextHasNoMarginBottom: true, label: "Notes", rows: 1, value: notes, onChange: setNotes })),
    h("div", { style: { display: "flex", gap: 16 } },
      h(CustomSelectControl, { __next40pxDefaultSize: true, label: "Size", options: sizes,
        value: sizes.find((each) => each.key === size) || { key: "", name: "Choose a size" },
        onChange: ({ selectedItem }) => setSize(selectedItem.key) }),
      h(ComboboxControl, { ...NEXT, label: "Country", options: COUNTRIES.map(option), value: country, onChange: setCountry })),
    h(FormTokenField, { ...NEXT, label: "Toppings", suggestions: TOPPINGS, value: toppings, onChange: (tokens) => setToppings(tokens.map(String)), __experimentalExpandOnFocus: true }),
    h(RangeControl, { ...NEXT, label: "Volume", min: 0, max: 100, value: volume, onChange: (value) => setVolume(value ?? null) }),
    h("div", { style: { display: "flex", gap: 24 } },
      h(CheckboxControl, { __nextHasNoMarginBottom: true, label: "Accept the terms", checked: terms, onChange: setTerms }),
      h(ToggleControl, { __nextHasNoMarginBottom: true, label: "Email alerts", checked: alerts, onChange: setAlerts })),
    h(RadioControl, { label: "Delivery", selected: delivery, options: DELIVERIES.map(option), onChange: setDelivery }),
    h(TabPanel, { tabs: SECTIONS.map((label) => ({ name: label.toLowerCase(), title: label })), onSelect: setSection },
      (tab) => h("p", null, `${tab.title} of the order`)),
    h("div", { style: { display: "flex", gap: 8, alignItems: "center" } },
      h(DropdownMenu, { icon: null, text: "Actions", label: "Actions", toggleProps: { variant: "secondary" },
        controls: ACTIONS.map((label) => ({ title: label, onClick: () => setAction(label.toLowerCase()) })) }),
      h(Button, { variant: "secondary", onClick: () => setDialog(true) }, "Open dialog"),
      h(Button, { variant: "secondary", onClick: () => setToasts((count) => count + 1) }, "Show toast")),
    toasts > 0 ? h(Snackbar, null, "Saved") : null,
    dialog
      ? h(Modal, { title: "Confirm the order", onRequestClose: () => setDialog(false) },
        h("p", null, "Place the order now?"),
        h(Button, { variant: "primary", onClick: () => setDialog(false) }, "Place order"))
      : null,
    h(Panel, null,
      PANELS.map(([value, label, body]) => h(PanelBody, { key: value, title: label, initialOpen: false, opened: panels.includes(value), onToggle: toggle(value) }, body))),
    h("div", { style: { width: 300 } },
      h(DatePicker, { currentDate: departure || "2014-05-01T12:00:00", onChange: (date) => setDeparture(date.slice(0, 10)) })),
  );
}

startCorpus(
  {
    library: "WordPress components",
    package: "@wordpress/components",
    controls: [
      // (its labels are drawn in capitals, text-transform: uppercase, and Chromium names the fields so)
      { ...ORDER_CONTROLS.name, name: "FULL NAME" }, { ...ORDER_CONTROLS.notes, name: "NOTES" },
      { ...ORDER_CONTROLS.size, name: "SIZE" }, { ...ORDER_CONTROLS.country, name: "COUNTRY" },
      { ...ORDER_CONTROLS.toppings, name: "TOPPINGS" },
      ORDER_CONTROLS.volume, ORDER_CONTROLS.terms,
      // (a switch drawn on a checkbox input, which Chromium keeps a checkbox)
      { ...ORDER_CONTROLS.alerts, role: "checkbox" },
      { ...ORDER_CONTROLS.delivery, name: "DELIVERY" },
      { ...ORDER_CONTROLS.section, name: "" },
      ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.toast,
      // (a calendar shown on the page, whose days are buttons: a person presses the day chosen, then moves by keys)
      { key: "departure", kind: "date", role: "button", name: "May 1, 2014. Selected", cells: [{ role: "button", name: "May 14, 2014" }, { role: "button", name: "May 20, 2014" }] },
    ],
  },
  Page,
);
