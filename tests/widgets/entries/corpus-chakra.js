// The widget corpus's Chakra UI v3 page (tests/widgets/corpus/chakra.html): Chakra's common controls, built from
// its compound parts as its documentation shows them, in the default system's style, each labelled, each reporting
// the value its onValueChange (or onCheckedChange, onOpenChange) gave to window.__state. (Chakra has no time
// picker.)
import {
  Accordion,
  Button,
  ChakraProvider,
  Checkbox,
  Combobox,
  DatePicker,
  Dialog,
  Field,
  HStack,
  Input,
  Menu,
  Portal,
  RadioGroup,
  Select,
  Slider,
  Stack,
  Switch,
  Tabs,
  Textarea,
  Toast,
  Toaster,
  Tooltip,
  TreeView,
  createListCollection,
  createToaster,
  createTreeCollection,
  defaultSystem,
  parseDate,
  useFilter,
  useListCollection,
} from "@chakra-ui/react";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, h, option, startCorpus, useModel } from "./shared/react-corpus.js";

const SIZE_COLLECTION = createListCollection({ items: SIZES.map(option) });
const TOPPING_COLLECTION = createListCollection({ items: TOPPINGS.map(option) });
const COUNTRY_OPTIONS = COUNTRIES.map(option);
const FILES = createTreeCollection({
  nodeToValue: (node) => node.id,
  nodeToString: (node) => node.name,
  rootNode: { id: "root", name: "", children: [{ id: "documents", name: "Documents", children: [{ id: "report", name: "Report.pdf" }, { id: "budget", name: "Budget.xlsx" }] }] },
});
const toaster = createToaster({ placement: "bottom-end" });
const calendarIcon = h("svg", { viewBox: "0 0 16 16", width: 14, height: 14, fill: "none", stroke: "currentColor" },
  h("rect", { x: 2, y: 3, width: 12, height: 11, rx: 1 }), h("path", { d: "M2 6h12M5 1v3M11 1v3" }));

function TextFields({ name, setName, notes, setNotes }) {
  return h(Stack, { gap: 2 },
    h(Field.Root, null, h(Field.Label, null, "Full name"), h(Input, { size: "sm", value: name, onChange: (event) => setName(event.target.value) })),
    h(Field.Root, null, h(Field.Label, null, "Notes"), h(Textarea, { size: "sm", rows: 2, value: notes, onChange: (event) => setNotes(event.target.value) })));
}

function Choice({ label, collection, value, setValue, multiple }) {
  return h(Select.Root, { collection, size: "sm", multiple, value, onValueChange: (details) => setValue(details.value) },
    h(Select.HiddenSelect),
    h(Select.Label, null, label),
    h(Select.Control, null,
      h(Select.Trigger, null, h(Select.ValueText, { placeholder: `Choose ${label.toLowerCase()}` })),
      h(Select.IndicatorGroup, null, h(Select.Indicator))),
    h(Portal, null, h(Select.Positioner, null, h(Select.Content, null,
      collection.items.map((item) => h(Select.Item, { item, key: item.value }, item.label, h(Select.ItemIndicator)))))));
}

function Country({ value, setValue }) {
  const { contains } = useFilter({ sensitivity: "base" });
  const { collection, filter } = useListCollection({ initialItems: COUNTRY_OPTIONS, filter: contains });
  return h(Combobox.Root, { collection, size: "sm", value, onValueChange: (details) => setValue(details.value), onInputValueChange: (details) => filter(details.inputValue) },
    h(Combobox.Label, null, "Country"),
    h(Combobox.Control, null, h(Combobox.Input, { placeholder: "Type to search" }), h(Combobox.IndicatorGroup, null, h(Combobox.ClearTrigger), h(Combobox.Trigger))),
    h(Portal, null, h(Combobox.Positioner, null, h(Combobox.Content, null,
      h(Combobox.Empty, null, "No countries found"),
      collection.items.map((item) => h(Combobox.Item, { item, key: item.value }, item.label, h(Combobox.ItemIndicator)))))));
}

function Departure({ setValue }) {
  return h(DatePicker.Root, { size: "sm", defaultFocusedValue: parseDate("2014-05-01"), onValueChange: (details) => setValue(details.value.length ? details.value[0].toString() : null) },
    h(DatePicker.Label, null, "Departure"),
    h(DatePicker.Control, null, h(DatePicker.Input), h(DatePicker.IndicatorGroup, null, h(DatePicker.Trigger, null, calendarIcon))),
    h(Portal, null, h(DatePicker.Positioner, null, h(DatePicker.Content, null,
      h(DatePicker.View, { view: "day" }, h(DatePicker.Header), h(DatePicker.DayTable)),
      h(DatePicker.View, { view: "month" }, h(DatePicker.Header), h(DatePicker.MonthTable)),
      h(DatePicker.View, { view: "year" }, h(DatePicker.Header), h(DatePicker.YearTable))))));
}

function Files({ setValue }) {
  return h(TreeView.Root, { collection: FILES, size: "sm", defaultExpandedValue: ["documents"], onSelectionChange: (details) => setValue(details.selectedValue[0] || null) },
    h(TreeView.Label, null, "Files"),
    h(TreeView.Tree, null, h(TreeView.Node, {
      render: ({ node, nodeState }) =>
        nodeState.isBranch
          ? h(TreeView.BranchControl, null, h(TreeView.BranchText, null, node.name))
          : h(TreeView.Item, null, h(TreeView.ItemText, null, node.name)),
    })));
}

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", []);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", []);
  const [, setDeparture] = useModel("departure", null);
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panels, setPanels] = useModel("panels", []);
  const [tip, setTip] = useModel("tooltip", false);
  const [toasts, setToasts] = useModel("toast", 0);
  const [, setFile] = useModel("tree", null);
  return h(Stack, { gap: 2, width: "460px", padding: 3 },
    h(TextFields, { name, setName, notes, setNotes }),
    h(HStack, { gap: 2, alignItems: "start" },
      h(Choice, { label: "Size", collection: SIZE_COLLECTION, value: size, setValue: setSize }),
      h(Choice, { label: "Toppings", collection: TOPPING_COLLECTION, value: toppings, setValue: setToppings, multiple: true })),
    h(HStack, { gap: 2, alignItems: "start" }, h(Country, { value: country, setValue: setCountry }), h(Departure, { setValue: setDeparture })),
    h(Slider.Root, { size: "sm", min: 0, max: 10, value: [volume], onValueChange: (details) => setVolume(details.value[0]) },
      h(Slider.Label, null, "Volume"),
      h(Slider.Control, null, h(Slider.Track, null, h(Slider.Range)), h(Slider.Thumbs))),
    h(HStack, { gap: 6 },
      h(Checkbox.Root, { size: "sm", checked: terms, onCheckedChange: (details) => setTerms(details.checked === true) },
        h(Checkbox.HiddenInput), h(Checkbox.Control), h(Checkbox.Label, null, "Accept the terms")),
      h(Switch.Root, { size: "sm", checked: alerts, onCheckedChange: (details) => setAlerts(details.checked) },
        h(Switch.HiddenInput), h(Switch.Control), h(Switch.Label, null, "Email alerts"))),
    h(RadioGroup.Root, { size: "sm", value: delivery, onValueChange: (details) => setDelivery(details.value) },
      h(RadioGroup.Label, null, "Delivery"),
      h(HStack, { gap: 4, marginTop: 1 }, DELIVERIES.map((label) =>
        h(RadioGroup.Item, { key: label, value: label.toLowerCase() }, h(RadioGroup.ItemHiddenInput), h(RadioGroup.ItemIndicator), h(RadioGroup.ItemText, null, label))))),
    h(Tabs.Root, { size: "sm", value: section, onValueChange: (details) => setSection(details.value) },
      h(Tabs.List, { "aria-label": "Sections" }, SECTIONS.map((label) => h(Tabs.Trigger, { key: label, value: label.toLowerCase() }, label)))),
    h(HStack, { gap: 2 },
      h(Menu.Root, { onSelect: (details) => setAction(details.value) },
        h(Menu.Trigger, { asChild: true }, h(Button, { size: "sm", variant: "outline" }, "Actions")),
        h(Portal, null, h(Menu.Positioner, null, h(Menu.Content, null,
          ACTIONS.map((label) => h(Menu.Item, { key: label, value: label.toLowerCase() }, label)))))),
      h(Dialog.Root, { open: dialog, onOpenChange: (details) => setDialog(details.open) },
        h(Dialog.Trigger, { asChild: true }, h(Button, { size: "sm", variant: "outline" }, "Open dialog")),
        h(Portal, null, h(Dialog.Backdrop), h(Dialog.Positioner, null, h(Dialog.Content, null,
          h(Dialog.Header, null, h(Dialog.Title, null, "Confirm the order")),
          h(Dialog.Body, null, "Place the order now?"),
          h(Dialog.Footer, null, h(Dialog.ActionTrigger, { asChild: true }, h(Button, { variant: "outline" }, "Cancel")), h(Button, { onClick: () => setDialog(false) }, "Place order")))))),
      h(Tooltip.Root, { open: tip, onOpenChange: (details) => setTip(details.open) },
        h(Tooltip.Trigger, { asChild: true }, h(Button, { size: "sm", variant: "outline" }, "Help")),
        h(Portal, null, h(Tooltip.Positioner, null, h(Tooltip.Content, null, "Opens the help centre")))),
      h(Button, { size: "sm", variant: "outline", onClick: () => { setToasts(toasts + 1); toaster.create({ title: "Saved", type: "info" }); } }, "Show toast")),
    h(Portal, null, h(Toaster, { toaster }, (toast) => h(Toast.Root, null, h(Toast.Title, null, toast.title), h(Toast.CloseTrigger)))),
    h(Accordion.Root, { size: "sm", collapsible: true, value: panels, onValueChange: (details) => setPanels(details.value) },
      PANELS.map(([value, label, body]) =>
        h(Accordion.Item, { key: value, value },
          h(Accordion.ItemTrigger, null, label, h(Accordion.ItemIndicator)),
          h(Accordion.ItemContent, null, h(Accordion.ItemBody, null, body))))),
    h(Files, { setValue: setFile }),
  );
}

// Chakra's switch is a hidden <input type=checkbox> without role=switch: Chromium calls it a checkbox.
startCorpus(
  {
    library: "Chakra UI",
    package: "@chakra-ui/react",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size, ORDER_CONTROLS.toppings, ORDER_CONTROLS.country,
      { key: "departure", kind: "date", role: "textbox", name: "Departure", text: "05/14/2014", cells: [{ role: "button", name: "Choose Wednesday, May 14, 2014" }], opener: { role: "button", name: "Open calendar" } },
      ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery,
      { key: "alerts", kind: "switch", role: "checkbox", name: "Email alerts" },
      ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.tooltip,
      ORDER_CONTROLS.toast, ORDER_CONTROLS.tree,
    ],
  },
  (props) => h(ChakraProvider, { value: defaultSystem }, h(Page, props)),
);
