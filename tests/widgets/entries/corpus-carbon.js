// The widget corpus's Carbon page (tests/widgets/corpus/carbon.html, with @carbon/styles's prebuilt CSS):
// @carbon/react's common controls, each labelled, each reporting the value its onChange (or onToggle, onSelect...)
// gave to window.__state. Carbon's date picker is Flatpickr inside; its minimum and maximum dates hold it on May
// 2014, so that the days to pick are on the calendar it opens. (Carbon's Tooltip takes no open-state callback, so
// the page has no tooltip control.)
import {
  Accordion,
  AccordionItem,
  Button,
  Checkbox,
  ComboBox,
  DatePicker,
  DatePickerInput,
  Dropdown,
  MenuButton,
  MenuItem,
  Modal,
  MultiSelect,
  RadioButton,
  RadioButtonGroup,
  Slider,
  Tab,
  TabList,
  Tabs,
  TextArea,
  TextInput,
  TimePicker,
  ToastNotification,
  Toggle,
  TreeNode,
  TreeView,
} from "@carbon/react";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, SECTIONS, SIZES, TOPPINGS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const row = { display: "flex", gap: 16, alignItems: "start" };
const isoDay = (date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [, setDeparture] = useModel("departure", null);
  const [start, setStart] = useModel("start", "");
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", 0);
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", false);
  const [toast, setToast] = useModel("toast", false);
  const [file, setFile] = useModel("tree", null);
  return h("div", { style: { width: 560, padding: 12, display: "flex", flexDirection: "column", gap: 10 } },
    h("div", { style: row },
      h(TextInput, { id: "name", size: "sm", labelText: "Full name", value: name, onChange: (event) => setName(event.target.value) }),
      h(TextArea, { id: "notes", labelText: "Notes", rows: 1, value: notes, onChange: (event) => setNotes(event.target.value) })),
    h("div", { style: { display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 16 } },
      h("div", null, h(Dropdown, { id: "size", size: "sm", titleText: "Size", label: "Choose a size", items: SIZES, selectedItem: size, onChange: ({ selectedItem }) => setSize(selectedItem) })),
      h("div", null, h(MultiSelect, { id: "toppings", size: "sm", titleText: "Toppings", label: "Choose toppings", items: TOPPINGS, selectedItems: toppings, onChange: ({ selectedItems }) => setToppings(selectedItems) })),
      h("div", null, h(ComboBox, { id: "country", size: "sm", titleText: "Country", items: COUNTRIES, selectedItem: country, onChange: ({ selectedItem }) => setCountry(selectedItem || null) }))),
    h("div", { style: row },
      h(DatePicker, { datePickerType: "single", minDate: "05/01/2014", maxDate: "05/31/2014", onChange: (dates) => setDeparture(dates.length ? isoDay(dates[0]) : null) },
        h(DatePickerInput, { id: "departure", size: "sm", labelText: "Departure", placeholder: "mm/dd/yyyy" })),
      h(TimePicker, { id: "start", size: "sm", labelText: "Start time", value: start, onChange: (event) => setStart(event.target.value) })),
    h(Slider, { id: "volume", labelText: "Volume", min: 0, max: 10, value: volume, onChange: ({ value }) => setVolume(value) }),
    h("div", { style: row },
      h(Checkbox, { id: "terms", labelText: "Accept the terms", checked: terms, onChange: (event, { checked }) => setTerms(checked) }),
      h(Toggle, { id: "alerts", size: "sm", labelText: "Email alerts", toggled: alerts, onToggle: setAlerts })),
    h(RadioButtonGroup, { legendText: "Delivery", name: "delivery", valueSelected: delivery, onChange: (value) => setDelivery(value) },
      DELIVERIES.map((label) => h(RadioButton, { key: label, id: `delivery-${label.toLowerCase()}`, labelText: label, value: label.toLowerCase() }))),
    h(Tabs, { selectedIndex: section, onChange: ({ selectedIndex }) => setSection(selectedIndex) },
      h(TabList, { "aria-label": "Sections" }, SECTIONS.map((label) => h(Tab, { key: label }, label)))),
    h("div", { style: { display: "flex", gap: 8 } },
      h(MenuButton, { label: "Actions", size: "sm", kind: "tertiary" },
        ACTIONS.map((label) => h(MenuItem, { key: label, label, onClick: () => setAction(label.toLowerCase()) }))),
      h(Button, { size: "sm", kind: "tertiary", onClick: () => setDialog(true) }, "Open dialog"),
      h(Button, { size: "sm", kind: "tertiary", onClick: () => setToast(true) }, "Show toast")),
    h(Modal, { open: dialog, modalHeading: "Confirm the order", primaryButtonText: "Place order", secondaryButtonText: "Cancel", onRequestClose: () => setDialog(false), onRequestSubmit: () => setDialog(false) }, "Place the order now?"),
    toast && h("div", { style: { position: "fixed", right: 16, bottom: 16 } },
      h(ToastNotification, { kind: "info", title: "Saved", timeout: 5000, onClose: () => { setToast(false); } })),
    h(Accordion, { size: "sm" },
      h(AccordionItem, { title: "Shipping", open: panel, onHeadingClick: ({ isOpen }) => setPanel(isOpen) }, "Ships in two days.")),
    h(TreeView, { label: "Files", size: "xs", selected: file ? [file] : [], onSelect: (event, node) => setFile(node.id) },
      h(TreeNode, { id: "documents", label: "Documents", isExpanded: true },
        h(TreeNode, { id: "report", label: "Report.pdf" }),
        h(TreeNode, { id: "budget", label: "Budget.xlsx" }))),
  );
}

startCorpus(
  {
    library: "Carbon",
    package: "@carbon/react",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size, ORDER_CONTROLS.toppings, ORDER_CONTROLS.country,
      { key: "departure", kind: "date", role: "textbox", name: "Departure", text: "05/14/2014", cells: [{ role: "button", name: "Wednesday, May 14, 2014" }] },
      ORDER_CONTROLS.start, ORDER_CONTROLS.volume, ORDER_CONTROLS.terms,
      { key: "delivery", kind: "radio", role: "group", name: "Delivery", options: [{ role: "radio", name: "Express" }, { role: "radio", name: "Pickup" }] },
      ORDER_CONTROLS.alerts, ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels,
      ORDER_CONTROLS.toast, ORDER_CONTROLS.tree,
    ],
  },
  Page,
);
