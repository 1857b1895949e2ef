// The widget corpus's Semi Design page (tests/widgets/corpus/semi.html): @douyinfe/semi-ui 2, ByteDance's component
// library (Douyin's and Feishu's consoles), with its own stylesheet. Its Select opens a listbox in a portal, with a
// search field when it filters; its AutoComplete filters a list as text goes in; its DatePicker and TimePicker are
// fields that open a calendar or scrolling lists of hours and minutes. Each control reports the value its onChange
// (onSelect, onOk...) gave to window.__state. Its texts are English (LocaleProvider; Chinese by default).
import {
  AutoComplete,
  Button,
  Checkbox,
  Collapse,
  DatePicker,
  Dropdown,
  Input,
  LocaleProvider,
  Modal,
  Radio,
  RadioGroup,
  Select,
  Slider,
  Switch,
  TabPane,
  Tabs,
  TextArea,
  TimePicker,
  Toast,
  Tooltip,
  Tree,
} from "@douyinfe/semi-ui";
import english from "@douyinfe/semi-ui/lib/es/locale/source/en_US";
import { ACTIONS, CITIES, COUNTRIES, DELIVERIES, FIELD_ROW, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, TRIP_STARTS, h, labelled, startCorpus, useModel } from "./shared/react-corpus.js";

const items = (labels) => labels.map((label) => ({ label, value: label.toLowerCase() }));

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [city, setCity] = useModel("city", "");
  const [departure, setDeparture] = useModel("departure", null);
  const [start, setStart] = useModel("start", null);
  const [volume, setVolume] = useModel("volume", 30);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panels, setPanels] = useModel("panels", []);
  const [, setToasts] = useModel("toast", 0);
  const [, setTip] = useModel("tooltip", false);
  const [file, setFile] = useModel("tree", null);
  const showToast = () => {
    setToasts((count) => count + 1);
    Toast.info({ content: "Saved", duration: 0 });
  };
  const files = [{ label: "Documents", value: "documents", key: "documents", children: [
    { label: "Report.pdf", value: "report", key: "report" }, { label: "Budget.xlsx", value: "budget", key: "budget" }] }];
  return h("div", { style: { width: 640, padding: 12, display: "flex", flexDirection: "column", gap: 8 } },
    h("div", { style: FIELD_ROW },
      labelled("Full name", "name", h(Input, { id: "name", value: name, onChange: (text) => setName(text), style: { width: 200 } })),
      labelled("Notes", "notes", h(TextArea, { id: "notes", rows: 1, autosize: false, value: notes, onChange: (text) => setNotes(text), style: { width: 200 } }))),
    h("div", { style: FIELD_ROW },
      labelled("Size", "size", h(Select, { id: "size", "aria-labelledby": "size-label", optionList: items(SIZES), value: size, onChange: setSize, style: { width: 160 } })),
      labelled("Toppings", "toppings", h(Select, { id: "toppings", "aria-labelledby": "toppings-label", multiple: true, optionList: items(TOPPINGS), value: toppings, onChange: setToppings, style: { width: 220 } })),
      labelled("Country", "country", h(Select, { id: "country", "aria-labelledby": "country-label", filter: true, optionList: items(COUNTRIES), value: country, onChange: setCountry, style: { width: 160 } }))),
    h("div", { style: FIELD_ROW },
      labelled("City", "city", h(AutoComplete, { id: "city", "aria-labelledby": "city-label", data: CITIES, value: city, onChange: (text) => setCity(text), style: { width: 160 } })),
      labelled("Departure", "departure", h(DatePicker, { id: "departure", placeholder: "Departure", format: "yyyy-MM-dd", value: departure, defaultPickerValue: TRIP_STARTS, onChange: (date, text) => setDeparture(text || null), style: { width: 180 } })),
      labelled("Start time", "start", h(TimePicker, { id: "start", "aria-labelledby": "start-label", format: "HH:mm", value: start, onChange: (time, text) => setStart(text || null), style: { width: 140 } }))),
    h("div", null,
      h("span", { id: "volume-label" }, "Volume"),
      h(Slider, { "aria-labelledby": "volume-label", min: 0, max: 100, value: volume, onChange: setVolume, style: { width: 300 } })),
    h("div", { style: FIELD_ROW },
      h(Checkbox, { checked: terms, onChange: (event) => setTerms(event.target.checked) }, "Accept the terms"),
      h("label", { style: { display: "flex", gap: 8, alignItems: "center" } },
        h(Switch, { checked: alerts, onChange: (checked) => setAlerts(checked), "aria-label": "Email alerts" }), "Email alerts")),
    h("div", { role: "radiogroup", "aria-labelledby": "delivery-label", style: { display: "flex", alignItems: "center", gap: 8 } },
      h("span", { id: "delivery-label" }, "Delivery"),
      h(RadioGroup, { name: "delivery", value: delivery, onChange: (event) => setDelivery(event.target.value) },
        DELIVERIES.map((label) => h(Radio, { key: label, value: label.toLowerCase() }, label)))),
    h(Tabs, { activeKey: section, onChange: (key) => setSection(key), "aria-label": "Sections" },
      SECTIONS.map((label) => h(TabPane, { key: label, itemKey: label.toLowerCase(), tab: label }, `${label} of the order`))),
    h("div", { style: { display: "flex", gap: 8 } },
      h(Dropdown, { trigger: "click", position: "bottomLeft",
        render: h(Dropdown.Menu, null, ACTIONS.map((label) => h(Dropdown.Item, { key: label, onClick: () => setAction(label.toLowerCase()) }, label))) },
        h(Button, null, "Actions")),
      h(Button, { onClick: () => setDialog(true) }, "Open dialog"),
      h(Button, { onClick: showToast }, "Show toast"),
      h(Tooltip, { content: "Opens the help centre", onVisibleChange: (visible) => setTip(visible) }, h(Button, null, "Help"))),
    h(Modal, { title: "Confirm the order", visible: dialog, onOk: () => setDialog(false), onCancel: () => setDialog(false), okText: "Place order", cancelText: "Cancel" },
      "Place the order now?"),
    h(Collapse, { activeKey: panels, onChange: (keys) => setPanels(keys || []) },
      PANELS.map(([value, label, body]) => h(Collapse.Panel, { key: value, itemKey: value, header: label }, body))),
    h(Tree, { treeData: files, defaultExpandAll: true, value: file, onChange: (value) => setFile(value), "aria-label": "Files", style: { width: 260 } }),
  );
}

startCorpus(
  {
    library: "Semi Design",
    package: "@douyinfe/semi-ui",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes,
      // (an option's name starts with its check mark's label, "tick", and a filtered one's parts that match the text
      // typed are a box of their own: Chromium names them so)
      { key: "size", kind: "select", role: "combobox", name: "Size", options: [{ role: "option", name: "tick Medium" }] },
      { key: "toppings", kind: "multiselect", role: "combobox", name: "Toppings", options: [{ role: "option", name: "tick Caramel" }, { role: "option", name: "tick Cherries" }] },
      { key: "country", kind: "combobox", role: "combobox", name: "Country", text: "Fra", options: [{ role: "option", name: "tick Fra nce" }] },
      { key: "city", kind: "autocomplete", role: "textbox", name: "City", text: "Li", options: [{ role: "option", name: "Lisbon" }] },
      { key: "departure", kind: "date", role: "textbox", name: "Departure", text: "2014-05-14", cells: [{ role: "gridcell", name: "2014-05-14" }] },
      ORDER_CONTROLS.start, ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery, ORDER_CONTROLS.alerts,
      { key: "section", kind: "tabs", role: "tablist", name: "", options: [{ role: "tab", name: "Details" }, { role: "tab", name: "Reviews" }] },
      ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.toast, ORDER_CONTROLS.tooltip,
      { key: "tree", kind: "tree", role: "tree", name: "", options: [{ role: "treeitem", name: "Report.pdf" }, { role: "treeitem", name: "Budget.xlsx" }] },
    ],
  },
  (props) => h(LocaleProvider, { locale: english }, h(Page, props)),
);
