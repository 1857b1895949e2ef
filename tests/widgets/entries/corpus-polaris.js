// The widget corpus's Shopify Polaris page (tests/widgets/corpus/polaris.html): @shopify/polaris 13, the admin UI
// Shopify's merchants use, in its default theme (its stylesheet, build/esm/styles.css, is linked by the page), inside
// its AppProvider (English texts) and a Frame (which draws the toasts). Each control reports the value its onChange
// (onSelect, onSelectionChange, onOpen/onClose...) gave to window.__state. Polaris has no tree, no switch and no
// time picker; its Select is the browser's own <select>; its DatePicker is a calendar with no field (the days are
// buttons in a grid named by its month); its accordion is a Collapsible opened by a button. Its Button blurs itself
// on mouseup, and its Tooltip closes on blur: a click on "Help" shows the tooltip on hover and hides it again (only
// focus from the keyboard leaves it open). Three columns, so that the whole page shows without scrolling.
import {
  ActionList,
  AppProvider,
  Autocomplete,
  Button,
  Checkbox,
  ChoiceList,
  Collapsible,
  Combobox,
  DatePicker,
  Frame,
  IndexTable,
  InlineStack,
  Listbox,
  Modal,
  Popover,
  RangeSlider,
  Select,
  Tabs,
  Tag,
  Text,
  TextField,
  Toast,
  Tooltip,
  useIndexResourceState,
} from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import React from "react";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const lower = (label) => label.toLowerCase();
const ORDERS = [
  { id: "1001", customer: "Mae Jemison", total: "$24.00" },
  { id: "1002", customer: "Ayodele Irving", total: "$130.00" },
  { id: "1003", customer: "Colm Dillane", total: "$9.50" },
];
const day = (date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

function Country() {
  const [country, setCountry] = useModel("country", []);
  const [text, setText] = React.useState("");
  const options = COUNTRIES.filter((each) => lower(each).includes(lower(text))).map((label) => ({ value: lower(label), label }));
  return h(Autocomplete, {
    options,
    selected: country,
    onSelect: (selected) => {
      setCountry(selected);
      setText(COUNTRIES.find((each) => lower(each) === selected[0]) || "");
    },
    textField: h(Autocomplete.TextField, { label: "Country", value: text, onChange: setText, autoComplete: "off" }),
  });
}

function Toppings() {
  const [toppings, setToppings] = useModel("toppings", []);
  const [text, setText] = React.useState("");
  const shown = TOPPINGS.filter((each) => lower(each).includes(lower(text)));
  const toggle = (value) => {
    setToppings(toppings.includes(value) ? toppings.filter((each) => each !== value) : [...toppings, value]);
    setText("");
  };
  const tags = toppings.length
    ? h(InlineStack, { gap: "100" }, toppings.map((value) =>
        h(Tag, { key: value, onRemove: () => toggle(value) }, TOPPINGS.find((each) => lower(each) === value))))
    : null;
  return h(Combobox, {
    allowMultiple: true,
    activator: h(Combobox.TextField, { label: "Toppings", value: text, onChange: setText, autoComplete: "off", verticalContent: tags }),
  },
  shown.length
    ? h(Listbox, { onSelect: toggle }, shown.map((label) =>
        h(Listbox.Option, { key: label, value: lower(label), selected: toppings.includes(lower(label)), accessibilityLabel: label }, label)))
    : null);
}

function City() {
  const [city, setCity] = useModel("city", null);
  const [text, setText] = React.useState("");
  const CITIES = ["Lisbon", "London", "Madrid", "Paris", "Porto"];
  const shown = CITIES.filter((each) => lower(each).includes(lower(text)));
  return h(Combobox, {
    activator: h(Combobox.TextField, { label: "City", value: text, onChange: setText, autoComplete: "off" }),
  },
  shown.length
    ? h(Listbox, { onSelect: (value) => { setCity(value); setText(CITIES.find((each) => lower(each) === value) || ""); } },
        shown.map((label) => h(Listbox.Option, { key: label, value: lower(label), selected: city === lower(label), accessibilityLabel: label }, label)))
    : null);
}

function Orders() {
  const { selectedResources, allResourcesSelected, handleSelectionChange } = useIndexResourceState(ORDERS);
  React.useLayoutEffect(() => {
    window.__state.orders = [...selectedResources].sort();
  }, [selectedResources]);
  return h(IndexTable, {
    resourceName: { singular: "order", plural: "orders" },
    itemCount: ORDERS.length,
    selectedItemsCount: allResourcesSelected ? "All" : selectedResources.length,
    onSelectionChange: handleSelectionChange,
    headings: [{ title: "Order" }, { title: "Customer" }, { title: "Total" }],
  },
  ORDERS.map(({ id, customer, total }, index) =>
    h(IndexTable.Row, { id, key: id, position: index, selected: selectedResources.includes(id), accessibilityLabel: `Select order #${id}` },
      h(IndexTable.Cell, null, `#${id}`), h(IndexTable.Cell, null, customer), h(IndexTable.Cell, null, total))));
}

const column = { display: "flex", flexDirection: "column", gap: 10, width: 380 };

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", "");
  const [volume, setVolume] = useModel("volume", 3);
  const [price, setPrice] = useModel("price", [20, 80]);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", ["standard"]);
  const [section, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [menu, setMenu] = React.useState(false);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", false);
  const [tip, setTip] = useModel("tooltip", false);
  const [toasts, setToasts] = useModel("toast", 0);
  const [toastShown, setToastShown] = React.useState(false);
  const [saves, setSaves] = useModel("save", 0);
  const [tagClicks, setTagClicks] = useModel("tag", 0);
  const [departure, setDeparture] = useModel("departure", null);
  const [month, setMonth] = React.useState({ month: 4, year: 2014 });
  const [shipping] = PANELS;
  return h("div", { style: { display: "flex", gap: 24, padding: 12, alignItems: "start" } },
    h("div", { style: column },
      h(TextField, { label: "Full name", value: name, onChange: setName, autoComplete: "off" }),
      h(TextField, { label: "Notes", value: notes, onChange: setNotes, multiline: 2, autoComplete: "off" }),
      h(Select, { label: "Size", placeholder: "Choose a size", options: SIZES.map((label) => ({ label, value: lower(label) })), value: size, onChange: setSize }),
      h(Country),
      h(City),
      h(Toppings),
      h(RangeSlider, { label: "Volume", min: 0, max: 10, value: volume, onChange: setVolume, output: true }),
      h(RangeSlider, { label: "Price", min: 0, max: 100, value: price, onChange: setPrice, output: true })),
    h("div", { style: column },
      h(Checkbox, { label: "Accept the terms", checked: terms, onChange: setTerms }),
      h(ChoiceList, { title: "Delivery", choices: DELIVERIES.map((label) => ({ label, value: lower(label) })), selected: delivery, onChange: setDelivery }),
      h(Tabs, { tabs: SECTIONS.map((label) => ({ id: lower(label), content: label })), selected: SECTIONS.findIndex((label) => lower(label) === section), onSelect: (index) => setSection(lower(SECTIONS[index])) }),
      h(InlineStack, { gap: "200" },
        h(Popover, {
          active: menu,
          activator: h(Button, { onClick: () => setMenu(!menu), disclosure: true }, "Actions"),
          onClose: () => setMenu(false),
          autofocusTarget: "first-node",
        }, h(ActionList, { actionRole: "menuitem", items: ACTIONS.map((label) => ({ content: label, onAction: () => { setAction(lower(label)); setMenu(false); } })) })),
        h(Button, { onClick: () => setDialog(true) }, "Open dialog"),
        h(Tooltip, { content: "Opens the help centre", onOpen: () => setTip(true), onClose: () => setTip(false) }, h(Button, null, "Help")),
        h(Button, { onClick: () => { setToasts(toasts + 1); setToastShown(true); } }, "Show toast")),
      h(InlineStack, { gap: "200", blockAlign: "center" },
        h(Button, { variant: "primary", onClick: () => setSaves(saves + 1) }, "Save"),
        h(Tag, { onClick: () => setTagClicks(tagClicks + 1) }, "Wholesale")),
      h("div", null,
        h(Button, { variant: "plain", onClick: () => setPanel(!panel), ariaExpanded: panel, ariaControls: "shipping-panel", disclosure: panel ? "up" : "down" }, shipping[1]),
        h(Collapsible, { open: panel, id: "shipping-panel" }, h(Text, { as: "p" }, shipping[2]))),
      h(Orders)),
    h("div", { style: { ...column, width: 300 } },
      h(Text, { as: "h2", variant: "headingSm" }, "Departure"),
      h(DatePicker, {
        month: month.month, year: month.year,
        onMonthChange: (m, y) => setMonth({ month: m, year: y }),
        selected: departure ? new Date(`${departure}T00:00:00`) : undefined,
        onChange: ({ start }) => setDeparture(day(start)),
      })),
    h(Modal, {
      open: dialog, onClose: () => setDialog(false), title: "Confirm the order",
      primaryAction: { content: "Place order", onAction: () => setDialog(false) },
      secondaryActions: [{ content: "Cancel", onAction: () => setDialog(false) }],
    }, h(Modal.Section, null, h(Text, { as: "p" }, "Place the order now?"))),
    toastShown ? h(Toast, { content: "Saved", onDismiss: () => setToastShown(false) }) : null,
  );
}

// Chromium names the ChoiceList a group (its fieldset), and the Tabs' tablist has no name. The IndexTable is a table
// whose rows select on a click: its cells are a row's checkbox (named by the row's accessibilityLabel: each says
// "Select order" otherwise) and a plain cell of another row, pressed as a merchant presses a row.
startCorpus(
  {
    library: "Shopify Polaris",
    package: "@shopify/polaris",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes,
      { key: "size", kind: "select", role: "combobox", name: "Size", options: [{ role: "option", name: "Medium" }] },
      { key: "country", kind: "autocomplete", role: "combobox", name: "Country", text: "Fra", options: [{ role: "option", name: "France" }] },
      { key: "city", kind: "combobox", role: "combobox", name: "City", text: "Lis", options: [{ role: "option", name: "Lisbon" }] },
      { key: "toppings", kind: "multiselect", role: "combobox", name: "Toppings", options: [{ role: "option", name: "Caramel" }, { role: "option", name: "Cherries" }] },
      ORDER_CONTROLS.volume,
      { key: "price", kind: "range", role: "slider", name: "Price" },
      ORDER_CONTROLS.terms,
      { ...ORDER_CONTROLS.delivery, role: "group" },
      { ...ORDER_CONTROLS.section, name: "" }, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.tooltip, ORDER_CONTROLS.toast,
      { key: "save", kind: "button", role: "button", name: "Save" },
      { key: "tag", kind: "button", role: "button", name: "Wholesale" },
      ORDER_CONTROLS.panels,
      { key: "orders", kind: "grid", role: "table", name: "", cells: [{ role: "checkbox", name: "Select order #1001" }, { role: "cell", name: "Colm Dillane" }] },
      { key: "departure", kind: "date", role: "grid", name: "May 2014", cells: [{ role: "button", name: "Wednesday May 14 2014" }, { role: "button", name: "Tuesday May 20 2014" }] },
    ],
  },
  () => h(AppProvider, { i18n: en }, h(Frame, null, h(Page))),
);
