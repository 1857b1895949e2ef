// The widget corpus's Elastic UI page (tests/widgets/corpus/eui.html): @elastic/eui's common controls in its default
// theme (Borealis, light), inside EuiProvider, each labelled, each reporting the value its onChange gave to
// window.__state. EUI's tables have no editable cells: its data grid's model here is the cell whose popover the grid
// opened (the rowIndex and columnId it renders the popover for), its tooltip's the content it renders while visible.
import {
  EuiAccordion,
  EuiButton,
  EuiCheckbox,
  EuiComboBox,
  EuiContextMenu,
  EuiDataGrid,
  EuiDatePicker,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiGlobalToastList,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiPopover,
  EuiProvider,
  EuiRadioGroup,
  EuiRange,
  EuiSuperSelect,
  EuiSwitch,
  EuiTab,
  EuiTabs,
  EuiTextArea,
  EuiToolTip,
  EuiTreeView,
} from "@elastic/eui";
import moment from "moment";
import React from "react";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, h, option, startCorpus, useModel } from "./shared/react-corpus.js";

const SIZE_OPTIONS = SIZES.map((label) => ({ value: label.toLowerCase(), inputDisplay: label }));
const TOPPING_OPTIONS = TOPPINGS.map(option);
const COUNTRY_OPTIONS = COUNTRIES.map(option);
const DELIVERY_OPTIONS = DELIVERIES.map((label) => ({ id: label.toLowerCase(), label }));
const BUDGETS = [{ city: "Lisbon", budget: "4000" }, { city: "Madrid", budget: "3500" }, { city: "Paris", budget: "5200" }];
const COLUMNS = [{ id: "city", displayAsText: "City" }, { id: "budget", displayAsText: "Budget" }];
const day = (value) => (value ? value.format("YYYY-MM-DD") : null);
const time = (value) => (value ? value.format("HH:mm") : null);
const labels = (chosen) => chosen.map((each) => each.value);
const row = (...items) => h(EuiFlexGroup, { gutterSize: "m", responsive: false }, items.map((item, index) => h(EuiFlexItem, { key: index }, item)));

/** What the tooltip renders while it is visible: its mount and unmount are the tooltip's own visibility. */
function TipContent({ onShown }) {
  React.useEffect(() => {
    onShown(true);
    return () => onShown(false);
  }, [onShown]);
  return "Opens the help centre";
}

/** The grid's cell popover: the grid renders it for the cell it expanded, and removes it when that closes. */
function CellPopover({ DefaultCellPopover, onOpened, rowIndex, columnId, ...props }) {
  React.useEffect(() => {
    onOpened(`${BUDGETS[rowIndex].city} ${columnId}`);
    return () => onOpened(null);
  }, [onOpened, rowIndex, columnId]);
  return h(DefaultCellPopover, { rowIndex, columnId, ...props });
}

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", "small");
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", []);
  const [departure, setDeparture] = useModel("departure", null, day);
  const [start, setStart] = useModel("start", moment("2014-05-01T09:00"), time);
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [action, setAction] = useModel("action", null);
  const [menuOpen, setMenuOpen] = React.useState(false);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", null);
  const [, setTip] = useModel("tooltip", false);
  const [toastCount, setToastCount] = useModel("toast", 0);
  const [toasts, setToasts] = React.useState([]);
  const [, setExpanded] = useModel("cities", null);
  const [, setFile] = useModel("tree", null);
  const [visibleColumns, setVisibleColumns] = React.useState(COLUMNS.map((column) => column.id));
  const chooseAction = (label) => () => {
    setAction(label.toLowerCase());
    setMenuOpen(false);
  };
  const menu = [{ id: 0, items: ACTIONS.map((label) => ({ name: label, onClick: chooseAction(label) })) }];
  const files = [{
    id: "documents", label: "Documents", isExpanded: true, callback: () => setFile("documents"),
    children: [
      { id: "report", label: "Report.pdf", callback: () => setFile("report") },
      { id: "budget", label: "Budget.xlsx", callback: () => setFile("budget") },
    ],
  }];
  return h(
    "div",
    { style: { width: 880, padding: "4px 16px", display: "flex", flexDirection: "column", gap: 6 } },
    row(
      h(EuiFormRow, { label: "Full name" }, h(EuiFieldText, { value: name, onChange: (event) => setName(event.target.value) })),
      h(EuiFormRow, { label: "Size" }, h(EuiSuperSelect, { options: SIZE_OPTIONS, valueOfSelected: size, onChange: setSize })),
      h(EuiFormRow, { label: "Notes" }, h(EuiTextArea, { rows: 1, resize: "none", value: notes, onChange: (event) => setNotes(event.target.value) }))),
    row(
      h(EuiFormRow, { label: "Toppings" }, h(EuiComboBox, { options: TOPPING_OPTIONS, selectedOptions: TOPPING_OPTIONS.filter((each) => toppings.includes(each.value)), onChange: (chosen) => setToppings(labels(chosen)) })),
      h(EuiFormRow, { label: "Country" }, h(EuiComboBox, { singleSelection: { asPlainText: true }, options: COUNTRY_OPTIONS, selectedOptions: COUNTRY_OPTIONS.filter((each) => country.includes(each.value)), onChange: (chosen) => setCountry(labels(chosen)) })),
      // The calendar opens on the month of its value, else of openToDate: the trip starts on 1 May 2014.
      h(EuiFormRow, { label: "Departure" }, h(EuiDatePicker, { selected: departure, onChange: setDeparture, openToDate: moment("2014-05-01"), dateFormat: "YYYY-MM-DD" }))),
    h(EuiFlexGroup, { gutterSize: "m", responsive: false },
      h(EuiFlexItem, null,
        h(EuiFormRow, { label: "Volume" }, h(EuiRange, { min: 0, max: 10, value: volume, onChange: (event) => setVolume(Number(event.currentTarget.value)) })),
        h("div", { style: { display: "flex", flexDirection: "column", gap: 12, marginTop: 12 } },
          h(EuiCheckbox, { id: "terms", label: "Accept the terms", checked: terms, onChange: (event) => setTerms(event.target.checked) }),
          h("div", null, h(EuiSwitch, { label: "Email alerts", checked: alerts, onChange: (event) => setAlerts(event.target.checked) })))),
      h(EuiFlexItem, null,
        h(EuiFormRow, { label: "Delivery", hasChildLabel: false },
          h(EuiRadioGroup, { name: "delivery", legend: { children: "Delivery", display: "hidden" }, options: DELIVERY_OPTIONS, idSelected: delivery, onChange: setDelivery }))),
      // Its time list, shown in the page (inline): in a popover, its field would take the date picker's name.
      h(EuiFlexItem, null,
        h(EuiFormRow, { label: "Start time" }, h(EuiDatePicker, { inline: true, shadow: false, timeCaption: "Start time", selected: start, onChange: setStart, showTimeSelect: true, showTimeSelectOnly: true, dateFormat: "HH:mm", timeFormat: "HH:mm" })))),
    h(EuiTabs, { "aria-label": "Sections" },
      SECTIONS.map((label) => h(EuiTab, { key: label, isSelected: section === label.toLowerCase(), onClick: () => setSection(label.toLowerCase()) }, label))),
    h(EuiFlexGroup, { gutterSize: "s", responsive: false },
      h(EuiFlexItem, { grow: false },
        h(EuiPopover, {
          button: h(EuiButton, { iconType: "arrowDown", iconSide: "right", onClick: () => setMenuOpen((open) => !open) }, "Actions"),
          isOpen: menuOpen, closePopover: () => setMenuOpen(false), panelPaddingSize: "none", anchorPosition: "downLeft",
        }, h(EuiContextMenu, { initialPanelId: 0, panels: menu }))),
      h(EuiFlexItem, { grow: false }, h(EuiButton, { onClick: () => setDialog(true) }, "Open dialog")),
      h(EuiFlexItem, { grow: false }, h(EuiToolTip, { content: h(TipContent, { onShown: setTip }) }, h(EuiButton, null, "Help"))),
      h(EuiFlexItem, { grow: false },
        h(EuiButton, {
          onClick: () => {
            const id = toastCount + 1;
            setToastCount(id);
            setToasts((shown) => [...shown, { id: `toast-${id}`, title: "Saved", text: "Your order is saved." }]);
          },
        }, "Show toast"))),
    dialog && h(EuiModal, { onClose: () => setDialog(false) },
      h(EuiModalHeader, null, h(EuiModalHeaderTitle, null, "Confirm the order")),
      h(EuiModalBody, null, "Place the order now?"),
      h(EuiModalFooter, null,
        h(EuiButton, { onClick: () => setDialog(false) }, "Cancel"),
        h(EuiButton, { fill: true, onClick: () => setDialog(false) }, "Place order"))),
    PANELS.map(([value, label, body]) =>
      h(EuiAccordion, {
        key: value, id: `panel-${value}`, buttonContent: label,
        forceState: panel === value ? "open" : "closed", onToggle: (open) => setPanel(open ? value : null),
      }, h("div", { style: { padding: "4px 0" } }, body))),
    h("div", { style: { display: "flex", gap: 24, alignItems: "start" } },
      h("div", { style: { width: 560 } },
        h(EuiDataGrid, {
          "aria-label": "Budgets",
          columns: COLUMNS,
          columnVisibility: { visibleColumns, setVisibleColumns },
          rowCount: BUDGETS.length,
          renderCellValue: ({ rowIndex, columnId }) => BUDGETS[rowIndex][columnId],
          renderCellPopover: (props) => h(CellPopover, { ...props, onOpened: setExpanded }),
          toolbarVisibility: false,
        })),
      h("div", { style: { width: 240 } }, h(EuiTreeView, { "aria-label": "Files", items: files, display: "compressed" }))),
    h(EuiGlobalToastList, { toasts, dismissToast: (removed) => setToasts((shown) => shown.filter((each) => each.id !== removed.id)) }),
  );
}

// Its super select is a button that Chromium names by the value it shows, then the label ("Small , Size", as a native
// select is read). Its date picker's field is named by the instructions react-datepicker gives it (aria-label, over
// the label), which every EuiDatePicker field shares: the time picker is its time list shown in the page (inline),
// a listbox named by its caption; a person presses a time shown without scrolling it. Its day cells are options
// named "day-14". Its combo box marks the text typed in each option it shows, and Chromium takes the marks' screen
// reader text (their ::before and ::after) into the option's name. Its radio group is a fieldset (a group, named by
// its legend), its tree view a list of buttons, its data grid (its toolbar hidden) a grid of gridcells.
const PICKER = "Press the down key to open a popover containing a calendar.";
const CORPUS = {
  library: "Elastic UI",
  package: "@elastic/eui",
  controls: [
    ORDER_CONTROLS.name,
    { key: "size", kind: "select", role: "button", name: "Small , Size", options: [{ role: "option", name: "Medium" }] },
    ORDER_CONTROLS.notes, ORDER_CONTROLS.toppings,
    { ...ORDER_CONTROLS.country, options: [{ role: "option", name: "[highlight start] Fra [highlight end]nce" }] },
    { key: "departure", kind: "date", role: "textbox", name: PICKER, text: "2014-05-14", cells: [{ role: "option", name: "day-14" }, { role: "option", name: "day-21" }] },
    { key: "start", kind: "time", role: "listbox", name: "Start time", cells: [{ role: "option", name: "10:00" }, { role: "option", name: "08:00" }] },
    ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.alerts,
    { ...ORDER_CONTROLS.delivery, role: "group" },
    ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.tooltip, ORDER_CONTROLS.toast,
    ORDER_CONTROLS.panels,
    { key: "cities", kind: "grid", role: "grid", name: "Budgets", cells: [{ role: "gridcell", name: "Lisbon" }, { role: "gridcell", name: "3500" }] },
    { ...ORDER_CONTROLS.tree, role: "list", options: [{ role: "button", name: "Report.pdf" }, { role: "button", name: "Budget.xlsx" }] },
  ],
};

startCorpus(CORPUS, () => h(EuiProvider, { colorMode: "light" }, h(Page)));
