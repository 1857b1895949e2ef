// The widget corpus's Atlassian Design System page (tests/widgets/corpus/atlaskit.html): the @atlaskit packages'
// common controls in their default (light) theme, each labelled, each reporting the value its onChange gave to
// window.__state. The design system has no accordion and no tree (its @atlaskit/tree is deprecated): the page leaves
// them out. Its table (@atlaskit/dynamic-table) edits a cell with @atlaskit/inline-edit, the system's own pattern.
import "@atlaskit/css-reset";
import Button from "@atlaskit/button/new";
import Checkbox from "@atlaskit/checkbox";
import { DatePicker, TimePicker } from "@atlaskit/datetime-picker";
import DropdownMenu, { DropdownItem, DropdownItemGroup } from "@atlaskit/dropdown-menu";
import DynamicTable from "@atlaskit/dynamic-table";
import { FlagsProvider, useFlags } from "@atlaskit/flag";
import { Label } from "@atlaskit/form";
import { InlineEditableTextfield } from "@atlaskit/inline-edit";
import Modal, { ModalBody, ModalFooter, ModalHeader, ModalTitle, ModalTransition } from "@atlaskit/modal-dialog";
import { RadioGroup } from "@atlaskit/radio";
import Range from "@atlaskit/range";
import Select from "@atlaskit/select";
import Tabs, { Tab, TabList, TabPanel } from "@atlaskit/tabs";
import TextArea from "@atlaskit/textarea";
import Textfield from "@atlaskit/textfield";
import Toggle from "@atlaskit/toggle";
import { setGlobalTheme } from "@atlaskit/tokens/set-global-theme";
import Tooltip from "@atlaskit/tooltip";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, SECTIONS, SIZES, TOPPINGS, h, option, startCorpus, useModel } from "./shared/react-corpus.js";

const SIZE_OPTIONS = SIZES.map(option);
const TOPPING_OPTIONS = TOPPINGS.map(option);
const COUNTRY_OPTIONS = COUNTRIES.map(option);
const DELIVERY_OPTIONS = DELIVERIES.map((label) => ({ ...option(label), name: "delivery" }));
const BUDGETS = [["lisbon", "Lisbon", "4000"], ["madrid", "Madrid", "3500"], ["paris", "Paris", "5200"]];
const values = (chosen) => (chosen || []).map((each) => each.value);
const ROW = { display: "flex", gap: 12, alignItems: "end" };
const field = (label, id, control, grow = 1) =>
  h("div", { style: { flex: grow, minWidth: 0 } }, h(Label, { htmlFor: id, id: `${id}-label` }, label), control);

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", null);
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  // The date picker's calendar opens on the month of its value (else on today's): the trip starts on 1 May 2014.
  const [departure, setDeparture] = useModel("departure", "2014-05-01");
  const [start, setStart] = useModel("start", "");
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [action, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [tip, setTip] = useModel("tooltip", false);
  const [toasts, setToasts] = useModel("toast", 0);
  const [cities, setCities] = useModel("cities", Object.fromEntries(BUDGETS.map(([key, city]) => [key, city])));
  const { showFlag } = useFlags();
  const rows = BUDGETS.map(([key, , budget]) => ({
    key,
    cells: [
      {
        key: "city",
        content: h(InlineEditableTextfield, {
          isCompact: true, readViewFitContainerWidth: true, defaultValue: cities[key],
          onConfirm: (value) => setCities((was) => ({ ...was, [key]: value })),
        }),
      },
      { key: "budget", content: budget },
    ],
  }));
  return h(
    "div",
    { style: { width: 640, padding: "4px 16px", display: "flex", flexDirection: "column", gap: 6 } },
    h("div", { style: ROW },
      field("Full name", "name", h(Textfield, { id: "name", value: name, onChange: (event) => setName(event.currentTarget.value) })),
      field("Size", "size", h(Select, { inputId: "size", options: SIZE_OPTIONS, value: SIZE_OPTIONS.find((each) => each.value === size) || null, onChange: (chosen) => setSize(chosen ? chosen.value : null) }))),
    h("div", { style: ROW },
      field("Notes", "notes", h(TextArea, { id: "notes", minimumRows: 1, value: notes, onChange: (event) => setNotes(event.currentTarget.value) })),
      field("Toppings", "toppings", h(Select, { inputId: "toppings", isMulti: true, options: TOPPING_OPTIONS, value: TOPPING_OPTIONS.filter((each) => toppings.includes(each.value)), onChange: (chosen) => setToppings(values(chosen)) }))),
    h("div", { style: ROW },
      field("Country", "country", h(Select, { inputId: "country", options: COUNTRY_OPTIONS, value: COUNTRY_OPTIONS.find((each) => each.value === country) || null, onChange: (chosen) => setCountry(chosen ? chosen.value : null) })),
      field("Departure", "departure", h(DatePicker, { id: "departure", value: departure, onChange: setDeparture })),
      field("Start time", "start", h(TimePicker, { id: "start", value: start, onChange: setStart }))),
    h("div", { style: { ...ROW, alignItems: "start" } },
      h("div", { style: { flex: 1, display: "flex", flexDirection: "column", gap: 6 } },
        field("Volume", "volume", h(Range, { id: "volume", min: 0, max: 10, value: volume, onChange: setVolume })),
        h("div", { style: { display: "flex", alignItems: "center", gap: 16 } },
          h(Checkbox, { label: "Accept the terms", isChecked: terms, onChange: (event) => setTerms(event.currentTarget.checked) }),
          h("div", { style: { display: "flex", alignItems: "center" } },
            h(Label, { htmlFor: "alerts" }, "Email alerts"),
            h(Toggle, { id: "alerts", isChecked: alerts, onChange: (event) => setAlerts(event.currentTarget.checked) })))),
      h("div", { style: { flex: 1 } },
        h(Label, { id: "delivery-label" }, "Delivery"),
        h(RadioGroup, { "aria-labelledby": "delivery-label", options: DELIVERY_OPTIONS, value: delivery, onChange: (event) => setDelivery(event.currentTarget.value) }))),
    h(Tabs, { id: "sections", selected: SECTIONS.findIndex((label) => label.toLowerCase() === section), onChange: (index) => setSection(SECTIONS[index].toLowerCase()) },
      h(TabList, null, SECTIONS.map((label) => h(Tab, { key: label }, label))),
      SECTIONS.map((label) => h(TabPanel, { key: label }, h("div", { style: { padding: "4px 0" } }, `${label} of the order`)))),
    h("div", { style: { display: "flex", gap: 8 } },
      h(DropdownMenu, { trigger: "Actions", shouldRenderToParent: false },
        h(DropdownItemGroup, null, ACTIONS.map((label) => h(DropdownItem, { key: label, onClick: () => setAction(label.toLowerCase()) }, label)))),
      h(Button, { onClick: () => setDialog(true) }, "Open dialog"),
      h(Tooltip, { content: "Opens the help centre", onShow: () => setTip(true), onHide: () => setTip(false) }, (props) => h(Button, props, "Help")),
      h(Button, {
        onClick: () => {
          setToasts((count) => count + 1);
          showFlag({ title: "Saved", description: "Your order is saved." });
        },
      }, "Show toast")),
    h(ModalTransition, null,
      dialog && h(Modal, { onClose: () => setDialog(false) },
        h(ModalHeader, { hasCloseButton: true }, h(ModalTitle, null, "Confirm the order")),
        h(ModalBody, null, "Place the order now?"),
        h(ModalFooter, null,
          h(Button, { appearance: "subtle", onClick: () => setDialog(false) }, "Cancel"),
          h(Button, { appearance: "primary", onClick: () => setDialog(false) }, "Place order")))),
    h(DynamicTable, {
      caption: "Budgets",
      head: { cells: [{ key: "city", content: "City" }, { key: "budget", content: "Budget" }] },
      rows,
    }),
  );
}

// An inline edit's read view, which a click opens for editing, is a div of role "presentation" beside a button
// "Edit, edit" that Chromium takes into the cell's name: a person presses the text it shows.
const readView = (label) => ({ role: "generic", name: label, press: "[data-read-view-fit-container-width]" });
// Its selects (react-select underneath), date picker and time picker are each a combobox, the text input a person
// types into; the multiple select closes its menu on each choice, as react-select does by default. The date picker
// opens on the month of its value, and names each day in full. Its toggle is a checkbox to Chromium (no role
// "switch"), and its tab list takes no name.
const CORPUS = {
  library: "Atlassian Design System",
  package: "@atlaskit/select",
  controls: [
    ORDER_CONTROLS.name, ORDER_CONTROLS.size, ORDER_CONTROLS.notes,
    { ...ORDER_CONTROLS.toppings, reopens: true },
    ORDER_CONTROLS.country,
    { key: "departure", kind: "date", role: "combobox", name: "Departure", text: "5/14/2014", cells: [{ role: "button", name: "14, Wednesday May 2014" }, { role: "button", name: "21, Wednesday May 2014" }] },
    { key: "start", kind: "time", role: "combobox", name: "Start time", text: "10:30" },
    ORDER_CONTROLS.volume,
    { key: "alerts", kind: "switch", role: "checkbox", name: "Email alerts" },
    ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery,
    { ...ORDER_CONTROLS.section, name: "" },
    ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.tooltip, ORDER_CONTROLS.toast,
    { key: "cities", kind: "grid", role: "table", name: "Budgets", cells: [readView("Lisbon"), readView("Madrid")] },
  ],
};
window.__corpus = CORPUS;

// The tokens' light theme is set before the first render, as an app does at its start.
setGlobalTheme({ colorMode: "light" }).then(
  () => startCorpus(CORPUS, () => h(FlagsProvider, null, h(Page))),
  (error) => window.__errors.push(String(error && error.message)),
);
