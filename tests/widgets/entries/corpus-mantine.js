// The widget corpus's Mantine 7 page (tests/widgets/corpus/mantine.html): @mantine/core's and @mantine/dates's
// common controls in the default theme, each labelled, each reporting the value its onChange gave to
// window.__state. (Mantine's toasts are a separate package, @mantine/notifications, which tests/widgets does not
// install.)
import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import {
  Accordion,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  MantineProvider,
  Menu,
  Modal,
  MultiSelect,
  Radio,
  Select,
  Slider,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Tooltip,
  Tree,
  useTree,
} from "@mantine/core";
import { DatePickerInput, TimeInput } from "@mantine/dates";
import dayjs from "dayjs";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const day = (value) => (value ? dayjs(value).format("YYYY-MM-DD") : null);
const FILES = [{ value: "documents", label: "Documents", children: [{ value: "report", label: "Report.pdf" }, { value: "budget", label: "Budget.xlsx" }] }];

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", "");
  const [departure, setDeparture] = useModel("departure", null, day);
  const [start, setStart] = useModel("start", "");
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [action, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", null);
  const [tip, setTip] = useModel("tooltip", false);
  const [file, setFile] = useModel("tree", null);
  const tree = useTree({ initialExpandedState: { documents: true }, onNodeExpand: () => {}, onNodeCollapse: () => {} });
  return h(
    Stack,
    { gap: 6, w: 460, p: "sm" },
    h(Group, { grow: true, gap: "xs" },
      h(TextInput, { size: "xs", label: "Full name", value: name, onChange: (event) => setName(event.currentTarget.value) }),
      h(Select, { size: "xs", label: "Size", data: SIZES, value: size, onChange: setSize })),
    h(Textarea, { size: "xs", label: "Notes", rows: 2, value: notes, onChange: (event) => setNotes(event.currentTarget.value) }),
    h(Group, { grow: true, gap: "xs" },
      h(MultiSelect, { size: "xs", label: "Toppings", data: TOPPINGS, value: toppings, onChange: setToppings }),
      h(Autocomplete, { size: "xs", label: "Country", data: COUNTRIES, value: country, onChange: setCountry })),
    h(Group, { grow: true, gap: "xs" },
      h(DatePickerInput, { size: "xs", label: "Departure", value: departure, onChange: setDeparture, defaultDate: new Date(2014, 4, 1) }),
      h(TimeInput, { size: "xs", label: "Start time", value: start, onChange: (event) => setStart(event.currentTarget.value) })),
    h("div", null,
      h(Text, { size: "xs", fw: 500, id: "volume-label" }, "Volume"),
      h(Slider, { size: "sm", min: 0, max: 10, value: volume, onChange: setVolume, thumbLabel: "Volume" })),
    h(Group, { gap: "lg" },
      h(Checkbox, { size: "xs", label: "Accept the terms", checked: terms, onChange: (event) => setTerms(event.currentTarget.checked) }),
      h(Switch, { size: "xs", label: "Email alerts", checked: alerts, onChange: (event) => setAlerts(event.currentTarget.checked) })),
    h(Radio.Group, { size: "xs", label: "Delivery", value: delivery, onChange: setDelivery },
      h(Group, { gap: "md", mt: 4 }, DELIVERIES.map((label) => h(Radio, { key: label, size: "xs", value: label.toLowerCase(), label })))),
    h(Tabs, { value: section, onChange: setSection },
      h(Tabs.List, { "aria-label": "Sections" }, SECTIONS.map((label) => h(Tabs.Tab, { key: label, value: label.toLowerCase() }, label)))),
    h(Group, { gap: "xs" },
      h(Menu, null,
        h(Menu.Target, null, h(Button, { size: "xs", variant: "default" }, "Actions")),
        h(Menu.Dropdown, null, ACTIONS.map((label) => h(Menu.Item, { key: label, onClick: () => setAction(label.toLowerCase()) }, label)))),
      h(Button, { size: "xs", variant: "default", onClick: () => setDialog(true) }, "Open dialog"),
      h(Tooltip, { label: "Opens the help centre", opened: tip },
        h(Button, { size: "xs", variant: "default", onMouseEnter: () => setTip(true), onMouseLeave: () => setTip(false), onFocus: () => setTip(true), onBlur: () => setTip(false) }, "Help"))),
    h(Modal, { opened: dialog, onClose: () => setDialog(false), title: "Confirm the order" },
      h(Text, { size: "sm" }, "Place the order now?"),
      h(Group, { mt: "md", justify: "flex-end" }, h(Button, { onClick: () => setDialog(false) }, "Place order"))),
    h(Accordion, { value: panel, onChange: setPanel, variant: "contained" },
      PANELS.map(([value, label, body]) => h(Accordion.Item, { key: value, value }, h(Accordion.Control, null, label), h(Accordion.Panel, null, body)))),
    h(Text, { size: "xs", fw: 500, id: "files-label" }, "Files"),
    h(Tree, {
      data: FILES, tree, "aria-labelledby": "files-label",
      renderNode: ({ node, elementProps, expanded, hasChildren }) =>
        h("div", { ...elementProps, onClick: (event) => { elementProps.onClick(event); setFile(node.value); } }, hasChildren ? (expanded ? "▾ " : "▸ ") : "", node.label),
    }),
  );
}

// Mantine's selects and autocomplete are text inputs with a listbox (Chromium calls them textboxes), and its time
// input is the browser's own <input type=time> (Chromium's role InputTime).
startCorpus(
  {
    library: "Mantine",
    package: "@mantine/core",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes,
      { key: "size", kind: "select", role: "textbox", name: "Size", options: [{ role: "option", name: "Medium" }] },
      { key: "toppings", kind: "multiselect", role: "textbox", name: "Toppings", options: [{ role: "option", name: "Caramel" }, { role: "option", name: "Cherries" }] },
      { key: "country", kind: "autocomplete", role: "textbox", name: "Country", text: "Fra", options: [{ role: "option", name: "France" }] },
      { key: "departure", kind: "date", role: "button", name: "Departure", cells: [{ role: "button", name: "14 May 2014" }] },
      { key: "start", kind: "time", role: "InputTime", name: "Start time", text: "1030AM" },
      ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery,
      // its input is hidden, 0 by 0, at the label's corner: a person presses the track it draws
      { key: "alerts", kind: "switch", role: "switch", name: "Email alerts", press: ".mantine-Switch-track" },
      ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.tooltip,
      ORDER_CONTROLS.tree,
    ],
  },
  (props) => h(MantineProvider, null, h(Page, props)),
);
