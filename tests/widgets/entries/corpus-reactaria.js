// The widget corpus's React Aria page (tests/widgets/corpus/reactaria.html): react-aria-components, each labelled,
// each reporting the value its onChange (or onSelectionChange, onOpenChange) gave to window.__state. React Aria
// ships no styles: the few rules below, on its default class names, draw each part as its documentation's starter
// styles do, so that every part has a size and a place.
import { parseDate, parseTime } from "@internationalized/date";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Checkbox,
  ComboBox,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  DialogTrigger,
  Disclosure,
  DisclosurePanel,
  Group,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Menu,
  MenuItem,
  MenuTrigger,
  Modal,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  Switch,
  Tab,
  TabList,
  Tabs,
  Text,
  TextArea,
  TextField,
  TimeField,
  Tooltip,
  TooltipTrigger,
  Tree,
  TreeItem,
  TreeItemContent,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, SECTIONS, SIZES, TOPPINGS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const STYLE = `
body { font: 14px system-ui, sans-serif; margin: 0; }
.page { width: 440px; padding: 12px; display: flex; flex-direction: column; gap: 8px; }
.row { display: flex; gap: 12px; align-items: start; }
.react-aria-Label { display: block; font-weight: 500; }
.react-aria-Input, .react-aria-TextArea, .react-aria-Button, .react-aria-Group, .react-aria-DateInput { font: inherit; border: 1px solid #bbb; border-radius: 4px; padding: 3px 8px; background: white; }
.react-aria-Group, .react-aria-DateInput { display: inline-flex; gap: 2px; }
.react-aria-Group .react-aria-DateInput { border: none; padding: 0; }
.react-aria-Group .react-aria-Button { padding: 0 6px; }
.react-aria-Popover { background: white; border: 1px solid #bbb; border-radius: 4px; padding: 4px; box-shadow: 0 4px 12px #0003; min-width: 140px; }
.react-aria-ListBox, .react-aria-Menu { outline: none; }
.react-aria-ListBoxItem, .react-aria-MenuItem { padding: 4px 8px; border-radius: 3px; outline: none; }
.react-aria-ListBoxItem[data-focused], .react-aria-MenuItem[data-focused] { background: #e0e7ff; }
.react-aria-ListBoxItem[data-selected] { font-weight: 600; }
.react-aria-Slider { display: grid; grid-template-columns: 1fr auto; width: 100%; }
.react-aria-SliderTrack { grid-column: 1 / -1; height: 20px; position: relative; }
.react-aria-SliderTrack::before { content: ""; position: absolute; top: 8px; height: 4px; width: 100%; background: #ccc; border-radius: 2px; }
.react-aria-SliderThumb { width: 16px; height: 16px; top: 10px; border-radius: 8px; background: #4f46e5; }
.react-aria-Checkbox, .react-aria-Radio, .react-aria-Switch { display: inline-flex; gap: 6px; align-items: center; }
.box { width: 14px; height: 14px; border: 1px solid #888; border-radius: 3px; }
.react-aria-Radio .box { border-radius: 50%; }
[data-selected] > .box { background: #4f46e5; border-color: #4f46e5; }
.indicator { width: 34px; height: 18px; border-radius: 9px; background: #bbb; position: relative; }
.indicator::before { content: ""; position: absolute; top: 2px; left: 2px; width: 14px; height: 14px; border-radius: 7px; background: white; transition: transform 100ms; }
[data-selected] > .indicator { background: #4f46e5; }
[data-selected] > .indicator::before { transform: translateX(16px); }
.react-aria-RadioGroup .options { display: flex; gap: 12px; }
.react-aria-TabList { display: flex; border-bottom: 1px solid #ccc; }
.react-aria-Tab { padding: 4px 12px; outline: none; }
.react-aria-Tab[data-selected] { border-bottom: 2px solid #4f46e5; }
.react-aria-ModalOverlay { position: fixed; inset: 0; background: #0005; display: flex; align-items: center; justify-content: center; }
.react-aria-Modal { background: white; padding: 16px; border-radius: 6px; }
.react-aria-Dialog { outline: none; }
.react-aria-Tooltip { background: #222; color: white; padding: 4px 8px; border-radius: 4px; }
.react-aria-CalendarGrid td { text-align: center; }
.react-aria-CalendarCell { padding: 2px 4px; border-radius: 3px; }
.react-aria-CalendarCell[data-outside-month] { display: none; }
.react-aria-CalendarCell[data-selected] { background: #4f46e5; color: white; }
.react-aria-Calendar header { display: flex; align-items: center; gap: 4px; }
.react-aria-Calendar h2 { font-size: 14px; flex: 1; text-align: center; margin: 0; }
.react-aria-Disclosure .react-aria-Button { border: none; font-weight: 600; padding: 4px 0; }
.react-aria-Tree { outline: none; }
.react-aria-TreeItem { padding: 2px 0 2px calc((var(--tree-item-level) - 1) * 16px); outline: none; }
.react-aria-TreeItem[data-selected] { font-weight: 600; }
.react-aria-TreeItem .react-aria-Button { border: none; padding: 0 4px; }
.react-aria-ToastRegion { position: fixed; bottom: 16px; right: 16px; }
.react-aria-Toast { display: flex; gap: 8px; background: white; border: 1px solid #bbb; border-radius: 6px; padding: 10px; box-shadow: 0 4px 12px #0003; }
`;
document.head.appendChild(Object.assign(document.createElement("style"), { textContent: STYLE }));

const toasts = new ToastQueue();
const items = (labels) => labels.map((label) => h(ListBoxItem, { key: label, id: label.toLowerCase() }, label));
const asString = (value) => (value ? value.toString() : null);

function Picker({ label, labels, value, setValue, multiple }) {
  return h(Select, { selectionMode: multiple ? "multiple" : "single", value, onChange: setValue },
    h(Label, null, label),
    h(Button, null, h(SelectValue), h("span", { "aria-hidden": true }, " ▾")),
    h(Popover, null, h(ListBox, null, items(labels))));
}

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [departure, setDeparture] = useModel("departure", null, asString);
  const [start, setStart] = useModel("start", null, asString);
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", false);
  const [tip, setTip] = useModel("tooltip", false);
  const [count, setCount] = useModel("toast", 0);
  const [file, setFile] = useModel("tree", null);
  return h("div", { className: "page" },
    h("div", { className: "row" },
      h(TextField, { value: name, onChange: setName }, h(Label, null, "Full name"), h(Input)),
      h(TextField, { value: notes, onChange: setNotes }, h(Label, null, "Notes"), h(TextArea, { rows: 1 }))),
    h("div", { className: "row" },
      h(Picker, { label: "Size", labels: SIZES, value: size, setValue: setSize }),
      h(Picker, { label: "Toppings", labels: TOPPINGS, value: toppings, setValue: setToppings, multiple: true })),
    h(ComboBox, { selectedKey: country, onSelectionChange: setCountry },
      h(Label, null, "Country"),
      h("div", null, h(Input), h(Button, null, "▾")),
      h(Popover, null, h(ListBox, null, items(COUNTRIES)))),
    h("div", { className: "row" },
      h(DatePicker, { value: departure, onChange: setDeparture, placeholderValue: parseDate("2014-05-01") },
        h(Label, null, "Departure"),
        h(Group, null, h(DateInput, null, (segment) => h(DateSegment, { segment })), h(Button, null, "▾")),
        h(Popover, null, h(Dialog, null, h(Calendar, null,
          h("header", null, h(Button, { slot: "previous" }, "◀"), h(Heading), h(Button, { slot: "next" }, "▶")),
          h(CalendarGrid, null, (date) => h(CalendarCell, { date })))))),
      h(TimeField, { value: start, onChange: setStart, placeholderValue: parseTime("09:00") },
        h(Label, null, "Start time"), h(DateInput, null, (segment) => h(DateSegment, { segment })))),
    h(Slider, { minValue: 0, maxValue: 10, value: volume, onChange: setVolume },
      h(Label, null, "Volume"), h(SliderOutput), h(SliderTrack, null, h(SliderThumb))),
    h("div", { className: "row" },
      h(Checkbox, { isSelected: terms, onChange: setTerms }, h("div", { className: "box" }), "Accept the terms"),
      h(Switch, { isSelected: alerts, onChange: setAlerts }, h("div", { className: "indicator" }), "Email alerts")),
    h(RadioGroup, { value: delivery, onChange: setDelivery },
      h(Label, null, "Delivery"),
      h("div", { className: "options" }, DELIVERIES.map((label) => h(Radio, { key: label, value: label.toLowerCase() }, h("div", { className: "box" }), label)))),
    h(Tabs, { selectedKey: section, onSelectionChange: setSection },
      h(TabList, { "aria-label": "Sections" }, SECTIONS.map((label) => h(Tab, { key: label, id: label.toLowerCase() }, label)))),
    h("div", { className: "row" },
      h(MenuTrigger, null, h(Button, null, "Actions"),
        h(Popover, null, h(Menu, { onAction: setAction }, ACTIONS.map((label) => h(MenuItem, { key: label, id: label.toLowerCase() }, label))))),
      h(DialogTrigger, { isOpen: dialog, onOpenChange: setDialog }, h(Button, null, "Open dialog"),
        h(Modal, { isDismissable: true }, h(Dialog, null,
          h(Heading, { slot: "title" }, "Confirm the order"), h("p", null, "Place the order now?"), h(Button, { slot: "close" }, "Place order")))),
      h(TooltipTrigger, { isOpen: tip, onOpenChange: setTip, delay: 300 }, h(Button, null, "Help"), h(Tooltip, { offset: 6 }, "Opens the help centre")),
      h(Button, { onPress: () => { setCount(count + 1); toasts.add({ title: "Saved" }, { timeout: 5000 }); } }, "Show toast")),
    h(ToastRegion, { queue: toasts }, ({ toast }) => h(Toast, { toast }, h(ToastContent, null, h(Text, { slot: "title" }, toast.content.title)), h(Button, { slot: "close" }, "Dismiss"))),
    h(Disclosure, { isExpanded: panel, onExpandedChange: setPanel },
      h(Heading, { level: 3, style: { margin: 0 } }, h(Button, { slot: "trigger" }, "Shipping")),
      h(DisclosurePanel, null, "Ships in two days.")),
    h(Tree, { "aria-label": "Files", selectionMode: "single", defaultExpandedKeys: ["documents"], selectedKeys: file ? [file] : [], onSelectionChange: (keys) => setFile([...keys][0] || null) },
      h(TreeItem, { id: "documents", textValue: "Documents" },
        h(TreeItemContent, null, h(Button, { slot: "chevron" }, "▸"), "Documents"),
        h(TreeItem, { id: "report", textValue: "Report.pdf" }, h(TreeItemContent, null, "Report.pdf")),
        h(TreeItem, { id: "budget", textValue: "Budget.xlsx" }, h(TreeItemContent, null, "Budget.xlsx")))),
  );
}

// A Select's button is named by its value (or placeholder) and its label. The checkbox, switch and radios are
// inputs hidden (clipped to nothing) beside the face React Aria draws: a person presses the drawn <label>, and
// `press` says so (an option's `press` likewise). A date or time field is a group of segments: a person starts
// typing in its first segment, which `press` names.
startCorpus(
  {
    library: "React Aria",
    package: "react-aria-components",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes,
      { key: "size", kind: "select", role: "button", name: "Select an item Size", options: [{ role: "option", name: "Medium" }] },
      { key: "toppings", kind: "multiselect", role: "button", name: "Select an item Toppings", options: [{ role: "option", name: "Caramel" }, { role: "option", name: "Cherries" }] },
      ORDER_CONTROLS.country,
      { key: "departure", kind: "date", role: "group", name: "Departure", press: ".react-aria-DatePicker [data-type=month]", text: "05142014", cells: [{ role: "button", name: "Wednesday, May 14, 2014" }], opener: { role: "button", name: "Calendar Departure" } },
      { key: "start", kind: "time", role: "group", name: "Start time", press: ".react-aria-TimeField [data-type=hour]", text: "1030AM" },
      ORDER_CONTROLS.volume,
      { key: "terms", kind: "checkbox", role: "checkbox", name: "Accept the terms", press: ".react-aria-Checkbox" },
      { key: "delivery", kind: "radio", role: "radiogroup", name: "Delivery", options: [
        { role: "radio", name: "Express", press: ".react-aria-Radio:nth-child(2)" },
        { role: "radio", name: "Pickup", press: ".react-aria-Radio:nth-child(3)" },
      ] },
      { key: "alerts", kind: "switch", role: "switch", name: "Email alerts", press: ".react-aria-Switch" },
      ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.tooltip,
      ORDER_CONTROLS.toast,
      { key: "tree", kind: "tree", role: "treegrid", name: "Files", options: [{ role: "row", name: "Report.pdf" }, { role: "row", name: "Budget.xlsx" }] },
    ],
  },
  Page,
);
