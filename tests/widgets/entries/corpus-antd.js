// The widget corpus's Ant Design page (tests/widgets/corpus/antd.html): antd's common controls in their default
// style, each labelled, each reporting the value its onChange gave to window.__state.
import {
  AutoComplete,
  Button,
  Checkbox,
  Collapse,
  DatePicker,
  Dropdown,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Slider,
  Switch,
  Tabs,
  TimePicker,
  Tooltip,
  Tree,
  message,
} from "antd";
import dayjs from "dayjs";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, h, option, startCorpus, useModel } from "./shared/react-corpus.js";

const SIZE_OPTIONS = SIZES.map(option);
const TOPPING_OPTIONS = TOPPINGS.map(option);
const day = (value) => (value ? value.format("YYYY-MM-DD") : null);
const time = (value) => (value ? value.format("HH:mm:ss") : null);

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", "");
  const [departure, setDeparture] = useModel("departure", null, day);
  const [start, setStart] = useModel("start", null, time);
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [action, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panels, setPanels] = useModel("panels", []);
  const [tip, setTip] = useModel("tooltip", false);
  const [toasts, setToasts] = useModel("toast", 0);
  const [file, setFile] = useModel("tree", null);
  const [messages, messageHolder] = message.useMessage();
  // A Form.Item without a label still lines its control up with the labelled ones.
  const item = (label, htmlFor, control) =>
    h(Form.Item, { label, htmlFor, wrapperCol: label ? undefined : { offset: 7 }, style: { marginBottom: 8 } }, control);
  return h(
    Form,
    { layout: "horizontal", colon: false, labelCol: { span: 7 }, wrapperCol: { span: 17 }, style: { width: 520, padding: 12 } },
    messageHolder,
    item("Full name", "name", h(Input, { id: "name", value: name, onChange: (event) => setName(event.target.value) })),
    item("Notes", "notes", h(Input.TextArea, { id: "notes", rows: 2, value: notes, onChange: (event) => setNotes(event.target.value) })),
    item("Size", "size", h(Select, { id: "size", options: SIZE_OPTIONS, value: size, onChange: setSize, placeholder: "Choose a size" })),
    item("Toppings", "toppings", h(Select, { id: "toppings", mode: "multiple", options: TOPPING_OPTIONS, value: toppings, onChange: setToppings })),
    item("Country", "country", h(AutoComplete, {
      id: "country", value: country, onChange: setCountry,
      options: COUNTRIES.filter((each) => each.toLowerCase().includes(country.toLowerCase())).map((each) => ({ value: each })),
    })),
    item("Departure", "departure", h(DatePicker, { id: "departure", value: departure, onChange: setDeparture, defaultPickerValue: dayjs("2014-05-01") })),
    item("Start time", "start", h(TimePicker, { id: "start", value: start, onChange: setStart })),
    item("Volume", null, h(Slider, { min: 0, max: 10, value: volume, onChange: setVolume, ariaLabelForHandle: "Volume" })),
    item(null, null, h(Checkbox, { id: "terms", checked: terms, onChange: (event) => setTerms(event.target.checked) }, "Accept the terms")),
    item("Delivery", null, h(Radio.Group, {
      "aria-label": "Delivery", value: delivery, onChange: (event) => setDelivery(event.target.value),
      options: DELIVERIES.map(option),
    })),
    item("Email alerts", "alerts", h(Switch, { id: "alerts", checked: alerts, onChange: setAlerts })),
    h(Tabs, {
      activeKey: section, onChange: setSection, size: "small",
      items: SECTIONS.map((label) => ({ key: label.toLowerCase(), label, children: `${label} of the order` })),
    }),
    h("div", { style: { display: "flex", gap: 8, marginBottom: 8 } },
      h(Dropdown, {
        trigger: ["click"],
        menu: { items: ACTIONS.map((label) => ({ key: label.toLowerCase(), label })), onClick: ({ key }) => setAction(key) },
      }, h(Button, null, "Actions")),
      h(Button, { onClick: () => setDialog(true) }, "Open dialog"),
      h(Tooltip, { title: "Opens the help centre", open: tip, onOpenChange: setTip }, h(Button, null, "Help")),
      h(Button, { onClick: () => { setToasts((count) => count + 1); messages.info("Saved"); } }, "Show toast")),
    h(Modal, { title: "Confirm the order", open: dialog, onOk: () => setDialog(false), onCancel: () => setDialog(false) }, "Place the order now?"),
    h(Collapse, {
      size: "small", activeKey: panels, onChange: setPanels,
      items: PANELS.map(([key, label, children]) => ({ key, label, children })),
    }),
    item("Files", null, h(Tree, {
      "aria-label": "Files", defaultExpandAll: true, selectedKeys: file ? [file] : [], onSelect: (keys) => setFile(keys[0] || null),
      treeData: [{ key: "documents", title: "Documents", children: [{ key: "report", title: "Report.pdf" }, { key: "budget", title: "Budget.xlsx" }] }],
    })),
  );
}

// antd's form labels, checkboxes, radios and switches end with a CSS "\u00a0" (an ::after that keeps the line's
// height), and Chromium's accessible name keeps it after a space: the names below are Chromium's own.
const named = (label) => `${label} \u00a0`;
// antd's select lists are virtual: the options Chromium names are a hidden copy, 0 px wide, of the active option and
// its two neighbours, and the options a person clicks are drawn without a role. `press` says where the person clicks.
const drawnOption = (label) => ({
  role: "option",
  name: label,
  press: `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`,
});

startCorpus(
  {
    library: "Ant Design",
    package: "antd",
    controls: [
      { key: "name", kind: "text", role: "textbox", name: named("Full name"), text: "Ada Lovelace" },
      { key: "notes", kind: "textarea", role: "textbox", name: named("Notes"), text: "Leave at the door" },
      { key: "size", kind: "select", role: "combobox", name: named("Size"), options: [drawnOption("Medium")] },
      { key: "toppings", kind: "multiselect", role: "combobox", name: named("Toppings"), options: [drawnOption("Caramel"), drawnOption("Cherries")] },
      { key: "country", kind: "autocomplete", role: "combobox", name: named("Country"), text: "Fra", options: [drawnOption("France")] },
      { key: "departure", kind: "date", role: "textbox", name: named("Departure"), text: "2014-05-14", cells: [{ role: "cell", name: "14" }] },
      { key: "start", kind: "time", role: "textbox", name: named("Start time"), text: "10:30:00" },
      ORDER_CONTROLS.volume,
      { key: "terms", kind: "checkbox", role: "checkbox", name: named("Accept the terms") },
      { key: "delivery", kind: "radio", role: "radiogroup", name: "Delivery", options: [{ role: "radio", name: named("Express") }, { role: "radio", name: named("Pickup") }] },
      { key: "alerts", kind: "switch", role: "switch", name: named("Email alerts") },
      { key: "section", kind: "tabs", role: "tablist", name: "", options: [{ role: "tab", name: "Details" }, { role: "tab", name: "Reviews" }] },
      ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.tooltip, ORDER_CONTROLS.toast,
      ORDER_CONTROLS.tree,
    ],
  },
  Page,
);
