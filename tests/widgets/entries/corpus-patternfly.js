// The widget corpus's PatternFly 6 page (tests/widgets/corpus/patternfly.html): @patternfly/react-core with its own
// stylesheet, the toolkit of Red Hat's consoles (OpenShift, Keycloak's admin console, Cockpit). Its selects are
// menus opened by a MenuToggle, written as its documentation's examples write them (and apps copy): the single
// select, the checkbox select, the typeahead whose input filters the list. Each control reports the value its
// onChange (onSelect, onToggle...) gave to window.__state. (Its tooltip has no callback for being shown: left out.)
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionToggle,
  AlertGroup,
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Dropdown,
  DropdownItem,
  DropdownList,
  FormGroup,
  MenuToggle,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Radio,
  Select,
  SelectList,
  SelectOption,
  Slider,
  Switch,
  Tab,
  Tabs,
  TabTitleText,
  TextArea,
  TextInput,
  TextInputGroup,
  TextInputGroupMain,
  TimePicker,
  TreeView,
} from "@patternfly/react-core";
import React from "react";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, TRIP_STARTS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const row = { display: "flex", gap: 16, alignItems: "start" };

function Size({ value, setValue }) {
  const [open, setOpen] = React.useState(false);
  return h(FormGroup, { label: "Size", fieldId: "size-toggle" },
    h(Select, {
      isOpen: open, selected: value, onOpenChange: setOpen, shouldFocusToggleOnSelect: true,
      onSelect: (event, chosen) => { setValue(chosen); setOpen(false); },
      toggle: (ref) => h(MenuToggle, { ref, id: "size-toggle", isExpanded: open, onClick: () => setOpen(!open), style: { width: 180 } }, value || "Choose a size"),
    }, h(SelectList, null, SIZES.map((label) => h(SelectOption, { key: label, value: label }, label)))));
}

function Toppings({ value, setValue }) {
  const [open, setOpen] = React.useState(false);
  const toggled = (chosen) => (value.includes(chosen) ? value.filter((each) => each !== chosen) : [...value, chosen]);
  return h(FormGroup, { label: "Toppings", fieldId: "toppings-toggle" },
    h(Select, {
      role: "menu", isOpen: open, selected: value, onOpenChange: setOpen,
      onSelect: (event, chosen) => setValue(toggled(chosen)),
      toggle: (ref) => h(MenuToggle, { ref, id: "toppings-toggle", isExpanded: open, onClick: () => setOpen(!open), style: { width: 180 } }, "Choose toppings"),
    }, h(SelectList, null, TOPPINGS.map((label) => h(SelectOption, { key: label, value: label, hasCheckbox: true, isSelected: value.includes(label) }, label)))));
}

/** The typeahead select of PatternFly's examples: the input filters the options, arrows move through them, Enter or
 *  a press chooses one. */
function Country({ value, setValue }) {
  const [open, setOpen] = React.useState(false);
  const [typed, setTyped] = React.useState("");
  const [focused, setFocused] = React.useState(null);
  const input = React.useRef();
  const shown = COUNTRIES.filter((each) => each.toLowerCase().includes(typed.toLowerCase()));
  const choose = (chosen) => { setValue(chosen); setTyped(chosen); setOpen(false); setFocused(null); };
  const onKeyDown = (event) => {
    if (event.key === "Enter") {
      if (open && focused !== null && shown[focused]) choose(shown[focused]);
      else setOpen(true);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (!shown.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setFocused(focused === null ? (step > 0 ? 0 : shown.length - 1) : (focused + step + shown.length) % shown.length);
    }
  };
  const toggle = (ref) => h(MenuToggle, {
    ref, variant: "typeahead", "aria-label": "Country menu toggle", isExpanded: open, isFullWidth: true,
    onClick: () => { setOpen(!open); input.current && input.current.focus(); },
  }, h(TextInputGroup, { isPlain: true }, h(TextInputGroupMain, {
    value: typed, innerRef: input, role: "combobox", isExpanded: open, inputId: "country", "aria-label": "Country", autoComplete: "off",
    placeholder: "Choose a country", "aria-controls": "country-listbox",
    ...(focused !== null && shown[focused] ? { "aria-activedescendant": `country-${shown[focused]}` } : {}),
    onClick: () => setOpen(!open || Boolean(typed)),
    onChange: (event, text) => { setTyped(text); setFocused(null); setOpen(true); if (text !== value) setValue(null); },
    onKeyDown,
  })));
  return h("div", { style: { width: 220 } }, h(Select, {
    isOpen: open, selected: value, variant: "typeahead", toggle,
    onOpenChange: (opening) => { if (!opening) { setOpen(false); setFocused(null); } },
    onSelect: (event, chosen) => chosen && choose(chosen),
  }, h(SelectList, { id: "country-listbox" }, shown.map((label, index) =>
    h(SelectOption, { key: label, value: label, id: `country-${label}`, isFocused: focused === index }, label)))));
}

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [departure, setDeparture] = useModel("departure", "");
  const [start, setStart] = useModel("start", "");
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [actionsOpen, setActionsOpen] = React.useState(false);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", null);
  const [toasts, setToasts] = useModel("toast", 0);
  const [file, setFile] = useModel("tree", null);
  const files = [{ name: "Documents", id: "documents", defaultExpanded: true, children: [{ name: "Report.pdf", id: "report" }, { name: "Budget.xlsx", id: "budget" }] }];
  return h("div", { style: { width: 640, padding: 12, display: "flex", flexDirection: "column", gap: 8 } },
    h("div", { style: row },
      h(FormGroup, { label: "Full name", fieldId: "name" }, h(TextInput, { id: "name", value: name, onChange: (event, text) => setName(text) })),
      h(FormGroup, { label: "Notes", fieldId: "notes" }, h(TextArea, { id: "notes", rows: 1, value: notes, onChange: (event, text) => setNotes(text) }))),
    h("div", { style: row },
      h(Size, { value: size, setValue: setSize }), h(Toppings, { value: toppings, setValue: setToppings }),
      h(FormGroup, { label: "Country", fieldId: "country" }, h(Country, { value: country, setValue: setCountry }))),
    h("div", { style: row },
      h(DatePicker, { "aria-label": "Departure", value: departure, rangeStart: TRIP_STARTS, onChange: (event, text) => setDeparture(text) }),
      h(TimePicker, { "aria-label": "Start time", is24Hour: true, time: start, onChange: (event, text) => setStart(text) })),
    h("div", null,
      h("span", { id: "volume-label" }, "Volume"),
      h(Slider, { "aria-labelledby": "volume-label", min: 0, max: 10, value: volume, onChange: (event, chosen) => setVolume(chosen) })),
    h("div", { style: row },
      h(Checkbox, { id: "terms", label: "Accept the terms", isChecked: terms, onChange: (event, checked) => setTerms(checked) }),
      h(Switch, { id: "alerts", label: "Email alerts", isChecked: alerts, onChange: (event, checked) => setAlerts(checked) })),
    h(FormGroup, { role: "radiogroup", isInline: true, fieldId: "delivery", label: "Delivery" },
      DELIVERIES.map((label) => h(Radio, {
        key: label, id: `delivery-${label}`, name: "delivery", label, isChecked: delivery === label.toLowerCase(),
        onChange: () => setDelivery(label.toLowerCase()),
      }))),
    h(Tabs, { "aria-label": "Sections", tabListAriaLabel: "Sections", activeKey: section, onSelect: (event, key) => setSection(key) },
      SECTIONS.map((label) => h(Tab, { key: label, eventKey: label.toLowerCase(), title: h(TabTitleText, null, label) }))),
    h("div", { style: { display: "flex", gap: 8 } },
      h(Dropdown, {
        isOpen: actionsOpen, onOpenChange: setActionsOpen, shouldFocusToggleOnSelect: true,
        onSelect: (event, chosen) => { setAction(chosen); setActionsOpen(false); },
        toggle: (ref) => h(MenuToggle, { ref, isExpanded: actionsOpen, onClick: () => setActionsOpen(!actionsOpen) }, "Actions"),
      }, h(DropdownList, null, ACTIONS.map((label) => h(DropdownItem, { key: label, value: label.toLowerCase() }, label)))),
      h(Button, { variant: "secondary", onClick: () => setDialog(true) }, "Open dialog"),
      h(Button, { variant: "secondary", onClick: () => setToasts(toasts + 1) }, "Show toast")),
    h(Modal, { isOpen: dialog, onClose: () => setDialog(false), variant: "small", "aria-labelledby": "dialog-title" },
      h(ModalHeader, { title: "Confirm the order", labelId: "dialog-title" }),
      h(ModalBody, null, "Place the order now?"),
      h(ModalFooter, null,
        h(Button, { variant: "primary", onClick: () => setDialog(false) }, "Place order"),
        h(Button, { variant: "link", onClick: () => setDialog(false) }, "Cancel"))),
    h(AlertGroup, { isToast: true, isLiveRegion: true },
      Array.from({ length: toasts }, (unused, index) => h(Alert, { key: index, variant: "info", title: "Saved", timeout: false }))),
    h(Accordion, null,
      PANELS.map(([value, label, body]) =>
        h(AccordionItem, { key: value, isExpanded: panel === value },
          h(AccordionToggle, { id: `${value}-toggle`, onClick: () => setPanel(panel === value ? null : value) }, label),
          h(AccordionContent, null, body)))),
    h(TreeView, {
      "aria-label": "Files", data: files, activeItems: files[0].children.filter((each) => each.id === file),
      onSelect: (event, item) => { if (!item.children) setFile(item.id); },
    }),
  );
}

startCorpus(
  {
    library: "PatternFly",
    package: "@patternfly/react-core",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes,
      { key: "size", kind: "select", role: "button", name: "Size", options: [{ role: "option", name: "Medium" }] },
      { key: "toppings", kind: "multiselect", role: "button", name: "Toppings", options: [{ role: "menuitem", name: "Caramel" }, { role: "menuitem", name: "Cherries" }] },
      ORDER_CONTROLS.country,
      { key: "departure", kind: "date", role: "textbox", name: "Departure", text: "2014-05-14", cells: [{ role: "button", name: "14 May 2014" }], opener: { role: "button", name: "Toggle date picker" } },
      ORDER_CONTROLS.start, ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery, ORDER_CONTROLS.alerts,
      ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.panels, ORDER_CONTROLS.toast,
      ORDER_CONTROLS.tree,
    ],
  },
  Page,
);
