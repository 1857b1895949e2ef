// The widget corpus's Blueprint page (tests/widgets/corpus/blueprint.html): Palantir's @blueprintjs/core controls,
// with @blueprintjs/select's Select, MultiSelect and Suggest, in the default (light) theme, each labelled, each
// reporting the value its onChange gave to window.__state.
import "@blueprintjs/core/lib/css/blueprint.css";
import "@blueprintjs/select/lib/css/blueprint-select.css";
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Menu,
  MenuItem,
  Popover,
  Radio,
  RadioGroup,
  Slider,
  Switch,
  Tab,
  Tabs,
  TextArea,
  Tooltip,
} from "@blueprintjs/core";
import { MultiSelect, Select, Suggest } from "@blueprintjs/select";
import { ORDER_CONTROLS, SIZES, h, startCorpus, useModel } from "./shared/react-corpus.js";

const CHANNELS = ["E-mail", "Phone", "Post"];
const COUNTRIES = ["France", "Germany", "Portugal", "Spain"];

// An item of a Select, MultiSelect or Suggest list: a MenuItem as Blueprint's own examples render them.
const renderItem = (chosen) => (item, { handleClick, handleFocus, modifiers, ref }) =>
  modifiers.matchesPredicate
    ? h(MenuItem, { key: item, text: item, ref, active: modifiers.active, roleStructure: "listoption", selected: chosen(item), onClick: handleClick, onFocus: handleFocus })
    : null;
const matches = (query, item) => item.toLowerCase().startsWith(query.toLowerCase());

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [channels, setChannels] = useModel("channels", []);
  const [country, setCountry] = useModel("country", null);
  const [terms, setTerms] = useModel("terms", false);
  const [alerts, setAlerts] = useModel("alerts", false);
  const [delivery, setDelivery] = useModel("delivery", "Standard");
  const [volume, setVolume] = useModel("volume", 3);
  const [tab, setTab] = useModel("tab", "profile");
  const [action, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [tip, setTip] = useModel("tooltip", false);
  return h(
    "div",
    { style: { width: 460, padding: 8 } },
    h(FormGroup, { label: "Name", labelFor: "name", style: { marginBottom: 6 } },
      h(InputGroup, { id: "name", small: true, value: name, onChange: (event) => setName(event.target.value) })),
    h(FormGroup, { label: "Notes", labelFor: "notes", style: { marginBottom: 6 } },
      h(TextArea, { id: "notes", small: true, fill: true, rows: 1, value: notes, onChange: (event) => setNotes(event.target.value) })),
    h("div", { style: { display: "flex", gap: 8, marginBottom: 6 } },
      h(Select, { items: SIZES, itemPredicate: matches, itemRenderer: renderItem((item) => item === size), onItemSelect: setSize, filterable: false, popoverProps: { minimal: true } },
        h(Button, { small: true, text: size || "Size", rightIcon: "double-caret-vertical", "aria-label": "Size" })),
      h("div", { style: { flex: 1 } },
        h(MultiSelect, {
          items: CHANNELS, selectedItems: channels, placeholder: "Channels", itemPredicate: matches,
          itemRenderer: renderItem((item) => channels.includes(item)), tagRenderer: (item) => item,
          onItemSelect: (item) => setChannels(channels.includes(item) ? channels.filter((c) => c !== item) : [...channels, item]),
          onRemove: (item) => setChannels(channels.filter((c) => c !== item)),
          tagInputProps: { inputProps: { "aria-label": "Channels" } }, popoverProps: { minimal: true },
        }))),
    h(FormGroup, { label: "Country", labelFor: "country", style: { marginBottom: 6 } },
      h(Suggest, { items: COUNTRIES, selectedItem: country, itemPredicate: matches, itemRenderer: renderItem((item) => item === country),
        inputValueRenderer: (item) => item, onItemSelect: setCountry, inputProps: { id: "country", small: true }, popoverProps: { minimal: true } })),
    h("div", { style: { display: "flex", gap: 16 } },
      h(Checkbox, { label: "Accept the terms", checked: terms, onChange: (event) => setTerms(event.target.checked) }),
      h(Switch, { label: "Alerts", checked: alerts, onChange: (event) => setAlerts(event.target.checked) })),
    h(RadioGroup, { label: "Delivery", inline: true, selectedValue: delivery, onChange: (event) => setDelivery(event.currentTarget.value) },
      ["Standard", "Express", "Pick-up"].map((label) => h(Radio, { key: label, label, value: label }))),
    h("div", { style: { padding: "0 8px" } },
      h(Slider, { min: 0, max: 10, stepSize: 1, labelStepSize: 5, value: volume, onChange: setVolume, handleHtmlProps: { "aria-label": "Volume" } })),
    h(Tabs, { id: "sections", selectedTabId: tab, onChange: setTab },
      h(Tab, { id: "profile", title: "Profile", panel: h("div", null, "Your profile.") }),
      h(Tab, { id: "billing", title: "Billing", panel: h("div", null, "Your invoices.") }),
      h(Tab, { id: "security", title: "Security", panel: h("div", null, "Your passwords.") })),
    h("div", { style: { display: "flex", gap: 8, marginBottom: 6 } },
      h(Popover, { minimal: true, placement: "bottom-start", content: h(Menu, null, ["Rename", "Duplicate", "Archive"].map((label) => h(MenuItem, { key: label, text: label, onClick: () => setAction(label) }))) },
        h(Button, { small: true, text: "Actions", rightIcon: "caret-down" })),
      h(Button, { small: true, intent: "primary", text: "Open dialog", onClick: () => setDialog(true) }),
      h(Tooltip, { content: "Opens the manual", isOpen: tip },
        h(Button, { small: true, text: "Hover for help", onMouseEnter: () => setTip(true), onMouseLeave: () => setTip(false), onFocus: () => setTip(true), onBlur: () => setTip(false) }))),
    h(Dialog, { isOpen: dialog, title: "Confirm", onClose: () => setDialog(false) },
      h(DialogBody, null, "Save the changes?"),
      h(DialogFooter, { actions: [h(Button, { key: "cancel", text: "Cancel", onClick: () => setDialog(false) }), h(Button, { key: "save", intent: "primary", text: "Save", onClick: () => setDialog(false) })] })),
  );
}

startCorpus(
  {
    library: "Blueprint",
    package: "@blueprintjs/core",
    // Select's trigger is the button it is given (the popover's wrapper, role combobox, is unnamed); MultiSelect's
    // tag input is a textbox in such a wrapper; the Switch is a checkbox input (no role switch), as Chromium names them.
    controls: [
      { key: "name", kind: "text", role: "textbox", name: "Name", text: "Ada Lovelace" },
      { key: "notes", kind: "textarea", role: "textbox", name: "Notes", text: "Two lines\nof notes" },
      { key: "size", kind: "select", role: "button", name: "Size", options: [{ role: "option", name: "Large" }, { role: "option", name: "Small" }] },
      { key: "channels", kind: "multiselect", role: "textbox", name: "Channels", options: [{ role: "option", name: "E-mail" }, { role: "option", name: "Phone" }] },
      { key: "country", kind: "autocomplete", role: "combobox", name: "Country", text: "Spa", options: [{ role: "option", name: "Spain" }] },
      ORDER_CONTROLS.terms,
      { key: "alerts", kind: "switch", role: "checkbox", name: "Alerts" },
      { key: "delivery", kind: "radio", role: "radiogroup", name: "Delivery", options: [{ role: "radio", name: "Express" }, { role: "radio", name: "Pick-up" }] },
      ORDER_CONTROLS.volume,
      { key: "tab", kind: "tabs", role: "tablist", name: "", options: [{ role: "tab", name: "Billing" }, { role: "tab", name: "Security" }] },
      { key: "action", kind: "menu", role: "button", name: "Actions", options: [{ role: "menuitem", name: "Duplicate" }, { role: "menuitem", name: "Archive" }] },
      ORDER_CONTROLS.dialog,
      { key: "tooltip", kind: "tooltip", role: "button", name: "Hover for help" },
    ],
  },
  Page,
);
