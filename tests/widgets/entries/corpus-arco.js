// The widget corpus's Arco Design page (tests/widgets/corpus/arco.html): @arco-design/web-react 2, ByteDance's other
// component library, with its own stylesheet and English texts (ConfigProvider; Chinese by default). Its Select
// opens a listbox in a portal (typed into when it searches); its AutoComplete filters a list as text goes in; its
// DatePicker and TimePicker are read-only-looking fields that open a calendar or scrolling columns. Each control
// reports the value its onChange (onClickMenuItem, onVisibleChange...) gave to window.__state.
import {
  AutoComplete,
  Button,
  Checkbox,
  Collapse,
  ConfigProvider,
  DatePicker,
  Dropdown,
  Input,
  Menu,
  Message,
  Modal,
  Radio,
  Select,
  Slider,
  Switch,
  Tabs,
  TimePicker,
  Tooltip,
  Tree,
} from "@arco-design/web-react";
import english from "@arco-design/web-react/es/locale/en-US";
import { ACTIONS, CITIES, COUNTRIES, DELIVERIES, FIELD_ROW, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, h, labelled, startCorpus, useModel } from "./shared/react-corpus.js";

// The departure's calendar opens on May 2014, whatever today is: a trip's range starts there.
const TRIP_STARTS = "2014-05-01";

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
  const [file, setFile] = useModel("tree", []);
  const showToast = () => {
    setToasts((count) => count + 1);
    Message.info({ content: "Saved", duration: 0 });
  };
  const files = [{ title: "Documents", key: "documents", children: [{ title: "Report.pdf", key: "report" }, { title: "Budget.xlsx", key: "budget" }] }];
  const menu = h(Menu, { onClickMenuItem: (key) => setAction(key) }, ACTIONS.map((label) => h(Menu.Item, { key: label.toLowerCase() }, label)));
  return h("div", { style: { width: 640, padding: 12, display: "flex", flexDirection: "column", gap: 8 } },
    h("div", { style: FIELD_ROW },
      labelled("Full name", "name", h(Input, { id: "name", value: name, onChange: (text) => setName(text), style: { width: 200 } })),
      labelled("Notes", "notes", h(Input.TextArea, { id: "notes", rows: 1, value: notes, onChange: (text) => setNotes(text), style: { width: 200 } }))),
    h("div", { style: FIELD_ROW },
      labelled("Size", "size", h(Select, { id: "size", "aria-labelledby": "size-label", options: SIZES, value: size || undefined, onChange: setSize, style: { width: 160 } })),
      labelled("Toppings", "toppings", h(Select, { id: "toppings", "aria-labelledby": "toppings-label", mode: "multiple", options: TOPPINGS, value: toppings, onChange: setToppings, style: { width: 220 } })),
      labelled("Country", "country", h(Select, { id: "country", "aria-labelledby": "country-label", showSearch: true, options: COUNTRIES, value: country || undefined, onChange: setCountry, style: { width: 160 } }))),
    h("div", { style: FIELD_ROW },
      labelled("City", "city", h(AutoComplete, { id: "city", placeholder: "City", data: CITIES, value: city, onChange: (text) => setCity(text), style: { width: 160 } })),
      labelled("Departure", "departure", h(DatePicker, { placeholder: "Departure", defaultPickerValue: TRIP_STARTS, value: departure || undefined, onChange: (text) => setDeparture(text || null), style: { width: 180 } })),
      labelled("Start time", "start", h(TimePicker, { placeholder: "Start time", format: "HH:mm", value: start || undefined, onChange: (text) => setStart(text || null), style: { width: 140 } }))),
    h("div", null,
      h("span", { id: "volume-label" }, "Volume"),
      h(Slider, { "aria-labelledby": "volume-label", min: 0, max: 100, value: volume, onChange: setVolume, style: { width: 300 } })),
    h("div", { style: FIELD_ROW },
      h(Checkbox, { checked: terms, onChange: (checked) => setTerms(checked) }, "Accept the terms"),
      h("label", { style: { display: "flex", gap: 8, alignItems: "center" } },
        h(Switch, { checked: alerts, onChange: (checked) => setAlerts(checked), "aria-label": "Email alerts" }), "Email alerts")),
    h("div", { role: "radiogroup", "aria-labelledby": "delivery-label", style: { display: "flex", alignItems: "center", gap: 8 } },
      h("span", { id: "delivery-label" }, "Delivery"),
      h(Radio.Group, { name: "delivery", value: delivery, onChange: (value) => setDelivery(value) },
        DELIVERIES.map((label) => h(Radio, { key: label, value: label.toLowerCase() }, label)))),
    h(Tabs, { activeTab: section, onChange: (key) => setSection(key) },
      SECTIONS.map((label) => h(Tabs.TabPane, { key: label.toLowerCase(), title: label }, `${label} of the order`))),
    h("div", { style: { display: "flex", gap: 8 } },
      h(Dropdown, { droplist: menu, trigger: "click", position: "bl" }, h(Button, null, "Actions")),
      h(Button, { onClick: () => setDialog(true) }, "Open dialog"),
      h(Button, { onClick: showToast }, "Show toast"),
      h(Tooltip, { content: "Opens the help centre", onVisibleChange: (visible) => setTip(visible) }, h(Button, null, "Help"))),
    h(Modal, { title: "Confirm the order", visible: dialog, onOk: () => setDialog(false), onCancel: () => setDialog(false), okText: "Place order", cancelText: "Cancel" },
      "Place the order now?"),
    h(Collapse, { activeKey: panels, onChange: (key, keys) => setPanels(keys || []) },
      PANELS.map(([value, label, body]) => h(Collapse.Item, { key: value, name: value, header: label }, body))),
    h(Tree, { treeData: files, selectedKeys: file, onSelect: (keys) => setFile(keys), style: { width: 260 } }),
  );
}

startCorpus(
  {
    library: "Arco Design",
    package: "@arco-design/web-react",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size, ORDER_CONTROLS.toppings, ORDER_CONTROLS.country,
      { key: "city", kind: "autocomplete", role: "textbox", name: "City", text: "Li", options: [{ role: "option", name: "Lisbon" }] },
      { key: "departure", kind: "date", role: "textbox", name: "Departure", text: "2014-05-14", cells: [{ role: "generic", name: "14", press: ".arco-picker-cell-in-view" }] },
      ORDER_CONTROLS.start,
      // (its slider's handle takes no label, and its tabs and tree draw no tablist and no name: as Chromium finds them)
      { key: "volume", kind: "slider", role: "slider", name: "" },
      // (its checkbox's input has no box: a person presses the box it draws)
      { ...ORDER_CONTROLS.terms, press: ".arco-checkbox-mask" },
      ORDER_CONTROLS.delivery, ORDER_CONTROLS.alerts,
      { key: "section", kind: "tabs", role: "tab", name: "Overview", options: [{ role: "tab", name: "Details" }, { role: "tab", name: "Reviews" }] },
      ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.toast, ORDER_CONTROLS.tooltip,
      { key: "tree", kind: "tree", role: "tree", name: "", options: [{ role: "treeitem", name: "Report.pdf" }, { role: "treeitem", name: "Budget.xlsx" }] },
    ],
  },
  (props) => h(ConfigProvider, { locale: english }, h(Page, props)),
);
