// The widget corpus's Fluent UI v9 page (tests/widgets/corpus/fluent.html): @fluentui/react-components in the web
// light theme, each labelled, each reporting the value its onChange (or onOptionSelect, onOpenChange...) gave to
// window.__state. (Fluent's date and time pickers are separate packages, @fluentui/react-datepicker-compat and
// -timepicker-compat, which tests/widgets does not install.)
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Checkbox,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Dropdown,
  Field,
  FluentProvider,
  Input,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Option,
  Radio,
  RadioGroup,
  Slider,
  Switch,
  Tab,
  TabList,
  Textarea,
  Toast,
  ToastTitle,
  Toaster,
  Tooltip,
  Tree,
  TreeItem,
  TreeItemLayout,
  useId,
  useToastController,
  webLightTheme,
} from "@fluentui/react-components";
import React from "react";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const options = (labels) => labels.map((label) => h(Option, { key: label, value: label.toLowerCase() }, label));
const row = { display: "flex", gap: 12, alignItems: "start" };

function Country({ value, setValue }) {
  const [query, setQuery] = React.useState("");
  const shown = COUNTRIES.filter((each) => each.toLowerCase().includes(query.toLowerCase()));
  return h(Field, { label: "Country" },
    h(Combobox, {
      value: query, selectedOptions: value ? [value] : [],
      onChange: (event) => setQuery(event.target.value),
      onOptionSelect: (event, data) => { setValue(data.optionValue || null); setQuery(data.optionText || ""); },
    }, options(shown)));
}

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panels, setPanels] = useModel("panels", []);
  const [tip, setTip] = useModel("tooltip", false);
  const [count, setCount] = useModel("toast", 0);
  const [file, setFile] = useModel("tree", null);
  const toasterId = useId("toaster");
  const { dispatchToast } = useToastController(toasterId);
  return h("div", { style: { width: 460, padding: 12, display: "flex", flexDirection: "column", gap: 8 } },
    h("div", { style: row },
      h(Field, { label: "Full name" }, h(Input, { value: name, onChange: (event, data) => setName(data.value) })),
      h(Field, { label: "Notes" }, h(Textarea, { rows: 1, value: notes, onChange: (event, data) => setNotes(data.value) }))),
    h("div", { style: row },
      h(Field, { label: "Size" }, h(Dropdown, { placeholder: "Choose a size", selectedOptions: size ? [size] : [], onOptionSelect: (event, data) => setSize(data.optionValue) }, options(SIZES))),
      h(Field, { label: "Toppings" }, h(Dropdown, { multiselect: true, placeholder: "Choose toppings", selectedOptions: toppings, onOptionSelect: (event, data) => setToppings(data.selectedOptions) }, options(TOPPINGS)))),
    h(Country, { value: country, setValue: setCountry }),
    h(Field, { label: "Volume" }, h(Slider, { min: 0, max: 10, value: volume, onChange: (event, data) => setVolume(data.value) })),
    h("div", { style: row },
      h(Checkbox, { label: "Accept the terms", checked: terms, onChange: (event, data) => setTerms(data.checked === true) }),
      h(Switch, { label: "Email alerts", checked: alerts, onChange: (event, data) => setAlerts(data.checked) })),
    h(Field, { label: "Delivery" },
      h(RadioGroup, { layout: "horizontal", value: delivery, onChange: (event, data) => setDelivery(data.value) },
        DELIVERIES.map((label) => h(Radio, { key: label, value: label.toLowerCase(), label })))),
    h(TabList, { "aria-label": "Sections", size: "small", selectedValue: section, onTabSelect: (event, data) => setSection(data.value) },
      SECTIONS.map((label) => h(Tab, { key: label, value: label.toLowerCase() }, label))),
    h("div", { style: { display: "flex", gap: 8 } },
      h(Menu, null,
        h(MenuTrigger, { disableButtonEnhancement: true }, h(MenuButton, null, "Actions")),
        h(MenuPopover, null, h(MenuList, null, ACTIONS.map((label) => h(MenuItem, { key: label, onClick: () => setAction(label.toLowerCase()) }, label))))),
      h(Dialog, { open: dialog, onOpenChange: (event, data) => setDialog(data.open) },
        h(DialogTrigger, { disableButtonEnhancement: true }, h(Button, null, "Open dialog")),
        h(DialogSurface, null, h(DialogBody, null,
          h(DialogTitle, null, "Confirm the order"),
          h(DialogContent, null, "Place the order now?"),
          h(DialogActions, null, h(DialogTrigger, { disableButtonEnhancement: true }, h(Button, { appearance: "secondary" }, "Cancel")), h(Button, { appearance: "primary", onClick: () => setDialog(false) }, "Place order"))))),
      h(Tooltip, { content: "Opens the help centre", relationship: "description", visible: tip, onVisibleChange: (event, data) => setTip(data.visible) }, h(Button, null, "Help")),
      h(Button, { onClick: () => { setCount(count + 1); dispatchToast(h(Toast, null, h(ToastTitle, null, "Saved")), { intent: "info" }); } }, "Show toast")),
    h(Toaster, { toasterId }),
    h(Accordion, { collapsible: true, openItems: panels, onToggle: (event, data) => setPanels(data.openItems) },
      PANELS.map(([value, label, body]) =>
        h(AccordionItem, { key: value, value }, h(AccordionHeader, { size: "small" }, label), h(AccordionPanel, null, body)))),
    h(Tree, { "aria-label": "Files", selectionMode: "single", defaultOpenItems: ["documents"], checkedItems: file ? [file] : [], onCheckedChange: (event, data) => setFile(data.value) },
      h(TreeItem, { itemType: "branch", value: "documents" },
        h(TreeItemLayout, null, "Documents"),
        h(Tree, null,
          h(TreeItem, { itemType: "leaf", value: "report" }, h(TreeItemLayout, null, "Report.pdf")),
          h(TreeItem, { itemType: "leaf", value: "budget" }, h(TreeItemLayout, null, "Budget.xlsx"))))),
  );
}

// A multiselect Dropdown's options are menuitemcheckboxes to Chromium. A tree with single selection draws a radio in each item, and only that radio selects the item (a press on the
// item's text opens or closes it): the tree's options are those radios.
startCorpus(
  {
    library: "Fluent UI",
    package: "@fluentui/react-components",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size,
      { key: "toppings", kind: "multiselect", role: "combobox", name: "Toppings", options: [{ role: "menuitemcheckbox", name: "Caramel" }, { role: "menuitemcheckbox", name: "Cherries" }] },
      ORDER_CONTROLS.country, ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery, ORDER_CONTROLS.alerts,
      ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.tooltip,
      ORDER_CONTROLS.toast,
      { key: "tree", kind: "tree", role: "tree", name: "Files", options: [{ role: "radio", name: "Report.pdf" }, { role: "radio", name: "Budget.xlsx" }] },
    ],
  },
  (props) => h(FluentProvider, { theme: webLightTheme }, h(Page, props)),
);
