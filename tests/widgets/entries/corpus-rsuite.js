// The widget corpus's React Suite page (tests/widgets/corpus/rsuite.html): rsuite 6 with its own stylesheet, the
// component library of many admin consoles built in China and beyond. Its pickers (SelectPicker, CheckPicker,
// InputPicker) open a listbox in a popup of their own; its date and time pickers are fields in segments that open a
// calendar or a time list; its AutoComplete filters a list as text goes in. Each control reports the value its
// onChange (onSelect, onToggle...) gave to window.__state.
import {
  Accordion,
  AutoComplete,
  Button,
  CheckPicker,
  Checkbox,
  DatePicker,
  Dropdown,
  Input,
  InputPicker,
  Message,
  Modal,
  Radio,
  RadioGroup,
  SelectPicker,
  Slider,
  Tabs,
  Textarea,
  TimePicker,
  Toggle,
  Tooltip,
  Tree,
  Whisper,
  useToaster,
} from "rsuite";
import React from "react";
import { ACTIONS, CITIES, COUNTRIES, DELIVERIES, FIELD_ROW, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, TRIP_STARTS, h, labelled, startCorpus, useModel } from "./shared/react-corpus.js";

const items = (labels) => labels.map((label) => ({ label, value: label }));
const day = (date) =>
  date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}` : null;
const time = (date) => (date ? `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}` : null);

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [city, setCity] = useModel("city", "");
  const [departure, setDeparture] = useModel("departure", null, day);
  const [start, setStart] = useModel("start", null, time);
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", null);
  const [toasts, setToasts] = useModel("toast", 0);
  const [tip, setTip] = useModel("tooltip", false);
  const [file, setFile] = useModel("tree", null);
  const toaster = useToaster();
  const showToast = () => {
    setToasts((count) => count + 1);
    toaster.push(h(Message, { type: "info", showIcon: true }, "Saved"), { placement: "topEnd", duration: 0 });
  };
  const files = [{ label: "Documents", value: "documents", children: [{ label: "Report.pdf", value: "report" }, { label: "Budget.xlsx", value: "budget" }] }];
  return h("div", { style: { width: 640, padding: 12, display: "flex", flexDirection: "column", gap: 8 } },
    h("div", { style: FIELD_ROW },
      labelled("Full name", "name", h(Input, { id: "name", value: name, onChange: (text) => setName(text), style: { width: 200 } })),
      labelled("Notes", "notes", h(Textarea, { id: "notes", rows: 1, value: notes, onChange: (text) => setNotes(text), style: { width: 200 } }))),
    h("div", { style: FIELD_ROW },
      labelled("Size", "size", h(SelectPicker, { id: "size", "aria-labelledby": "size-label", data: items(SIZES), value: size, onChange: setSize, searchable: false, style: { width: 160 } })),
      labelled("Toppings", "toppings", h(CheckPicker, { id: "toppings", "aria-labelledby": "toppings-label", data: items(TOPPINGS), value: toppings, onChange: setToppings, searchable: false, style: { width: 180 } })),
      h(InputPicker, { id: "country", label: "Country", data: items(COUNTRIES), value: country, onChange: setCountry, style: { width: 220 } })),
    h("div", { style: FIELD_ROW },
      labelled("City", "city", h(AutoComplete, { id: "city", data: CITIES, value: city, onChange: (text) => setCity(text), style: { width: 160 } })),
      labelled("Departure", "departure", h(DatePicker, { id: "departure", "aria-labelledby": "departure-label", format: "yyyy-MM-dd", value: departure, calendarDefaultDate: TRIP_STARTS, onChange: setDeparture, oneTap: true, style: { width: 180 } })),
      labelled("Start time", "start", h(TimePicker, { id: "start", "aria-labelledby": "start-label", format: "HH:mm", value: start, onChange: setStart, style: { width: 140 } }))),
    h("div", null,
      h("span", { id: "volume-label" }, "Volume"),
      h(Slider, { "aria-labelledby": "volume-label", min: 0, max: 10, value: volume, onChange: setVolume, style: { width: 300, margin: "8px 0" } })),
    h("div", { style: FIELD_ROW },
      h(Checkbox, { checked: terms, onChange: (value, checked) => setTerms(checked) }, "Accept the terms"),
      h(Toggle, { checked: alerts, onChange: (checked) => setAlerts(checked) }, "Email alerts")),
    h("div", { role: "radiogroup", "aria-labelledby": "delivery-label", style: { display: "flex", alignItems: "center", gap: 8 } },
      h("span", { id: "delivery-label" }, "Delivery"),
      h(RadioGroup, { name: "delivery", inline: true, value: delivery, onChange: (value) => setDelivery(value) },
        DELIVERIES.map((label) => h(Radio, { key: label, value: label.toLowerCase() }, label)))),
    h(Tabs, { activeKey: section, onSelect: (key) => setSection(key), "aria-label": "Sections" },
      SECTIONS.map((label) => h(Tabs.Tab, { key: label, eventKey: label.toLowerCase(), title: label }, `${label} of the order`))),
    h("div", { style: { display: "flex", gap: 8 } },
      h(Dropdown, { title: "Actions", onSelect: (key) => setAction(key) },
        ACTIONS.map((label) => h(Dropdown.Item, { key: label, eventKey: label.toLowerCase() }, label))),
      h(Button, { onClick: () => setDialog(true) }, "Open dialog"),
      h(Button, { onClick: showToast }, "Show toast"),
      h(Whisper, { placement: "top", trigger: "hover", speaker: h(Tooltip, null, "Opens the help centre"), onOpen: () => setTip(true), onClose: () => setTip(false) },
        h(Button, null, "Help"))),
    h(Modal, { open: dialog, onClose: () => setDialog(false), size: "xs" },
      h(Modal.Header, null, h(Modal.Title, null, "Confirm the order")),
      h(Modal.Body, null, "Place the order now?"),
      h(Modal.Footer, null,
        h(Button, { appearance: "primary", onClick: () => setDialog(false) }, "Place order"),
        h(Button, { appearance: "subtle", onClick: () => setDialog(false) }, "Cancel"))),
    h(Accordion, { activeKey: panel, onSelect: (key) => setPanel(key === panel ? null : key) },
      PANELS.map(([value, label, body]) => h(Accordion.Panel, { key: value, eventKey: value, header: label }, body))),
    h(Tree, { data: files, defaultExpandAll: true, value: file, onChange: (value) => setFile(value), "aria-label": "Files", height: 120 }),
  );
}

startCorpus(
  {
    library: "React Suite",
    package: "rsuite",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size, ORDER_CONTROLS.toppings, ORDER_CONTROLS.country,
      { key: "city", kind: "autocomplete", role: "combobox", name: "City", text: "Li", options: [{ role: "option", name: "Lisbon" }] },
      { key: "departure", kind: "date", role: "textbox", name: "Departure", text: "2014-05-14", cells: [{ role: "gridcell", name: "14 May 2014" }] },
      ORDER_CONTROLS.start, ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery, ORDER_CONTROLS.alerts,
      { key: "section", kind: "tabs", role: "tablist", name: "", options: [{ role: "tab", name: "Details" }, { role: "tab", name: "Reviews" }] },
      ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.toast, ORDER_CONTROLS.tooltip,
      ORDER_CONTROLS.tree,
    ],
  },
  Page,
);
