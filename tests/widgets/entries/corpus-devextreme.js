// The widget corpus's DevExtreme page (tests/widgets/corpus/devextreme.html): DevExpress's widgets, common in line-of-
// business apps, in their default Fluent theme (the stylesheet is linked from node_modules, where its fonts are). Its
// SelectBox and TagBox open a list in a popup of their own; its Autocomplete filters one as text goes in; its DateBox
// opens a calendar; its DataGrid edits a cell in place. Each widget reports the value its onValueChanged (onItemClick,
// onSelectionChanged...) gave to window.__state. No license key: DevExtreme says so in the console, and shows no banner
// that covers the page.
import Accordion from "devextreme/esm/ui/accordion";
import Autocomplete from "devextreme/esm/ui/autocomplete";
import Button from "devextreme/esm/ui/button";
import CheckBox from "devextreme/esm/ui/check_box";
import DataGrid from "devextreme/esm/ui/data_grid";
import DateBox from "devextreme/esm/ui/date_box";
import DropDownButton from "devextreme/esm/ui/drop_down_button";
import notify from "devextreme/esm/ui/notify";
import Popup from "devextreme/esm/ui/popup";
import RadioGroup from "devextreme/esm/ui/radio_group";
import SelectBox from "devextreme/esm/ui/select_box";
import Slider from "devextreme/esm/ui/slider";
import Switch from "devextreme/esm/ui/switch";
import TagBox from "devextreme/esm/ui/tag_box";
import Tabs from "devextreme/esm/ui/tabs";
import TextArea from "devextreme/esm/ui/text_area";
import TextBox from "devextreme/esm/ui/text_box";
import Tooltip from "devextreme/esm/ui/tooltip";
import TreeView from "devextreme/esm/ui/tree_view";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS } from "./shared/react-corpus.js";

const state = window.__state;
Object.assign(state, {
  name: "", notes: "", size: null, toppings: [], country: "", departure: null, volume: 30, terms: false,
  alerts: false, delivery: "Standard", section: "Overview", action: null, dialog: false, panels: [], toast: 0,
  tooltip: false, tree: null, budgets: { Lisbon: 4000, Oslo: 2500 },
});
const set = (key) => (event) => {
  state[key] = event.value;
};

// One row of the page: a label (which names the widget's field) over the widget's element.
function row(label, id) {
  const holder = document.createElement("div");
  holder.style.cssText = "display: flex; flex-direction: column; gap: 4px; width: 220px";
  if (label) {
    const text = document.createElement("label");
    text.textContent = label;
    text.id = `${id}-label`;
    holder.append(text);
  }
  const element = document.createElement("div");
  element.id = id;
  holder.append(element);
  return [holder, element];
}
const named = (id) => ({ "aria-labelledby": `${id}-label`, id: `${id}-input` });

const root = document.getElementById("root");
root.style.cssText = "width: 640px; padding: 12px; display: flex; flex-wrap: wrap; gap: 10px 16px";
const place = (label, id) => {
  const [holder, element] = row(label, id);
  root.append(holder);
  return element;
};

new TextBox(place("Full name", "name"), { inputAttr: named("name"), onValueChanged: set("name"), valueChangeEvent: "input" });
new TextArea(place("Notes", "notes"), { inputAttr: named("notes"), height: 40, onValueChanged: set("notes"), valueChangeEvent: "input" });
new SelectBox(place("Size", "size"), { items: SIZES, inputAttr: named("size"), onValueChanged: set("size") });
new TagBox(place("Toppings", "toppings"), { items: TOPPINGS, inputAttr: named("toppings"), onValueChanged: set("toppings") });
new Autocomplete(place("Country", "country"), { items: COUNTRIES, inputAttr: named("country"), onValueChanged: set("country"), valueChangeEvent: "input" });
new DateBox(place("Departure", "departure"), {
  type: "date", inputAttr: named("departure"), displayFormat: "yyyy-MM-dd", openOnFieldClick: true, calendarOptions: { currentDate: new Date(2014, 4, 1) },
  onValueChanged: (event) => {
    const day = event.value;
    state.departure = day ? `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}` : null;
  },
});
new Slider(place("Volume", "volume"), { min: 0, max: 100, value: 30, elementAttr: { "aria-labelledby": "volume-label" }, onValueChanged: set("volume") });
new CheckBox(place("", "terms"), { text: "Accept the terms", onValueChanged: set("terms") });
new Switch(place("", "alerts"), { elementAttr: { "aria-label": "Email alerts" }, onValueChanged: set("alerts") });
new RadioGroup(place("Delivery", "delivery"), { items: DELIVERIES, value: "Standard", layout: "horizontal", elementAttr: { "aria-labelledby": "delivery-label" }, onValueChanged: set("delivery") });

const wide = (id) => {
  const element = document.createElement("div");
  element.id = id;
  element.style.width = "620px";
  root.append(element);
  return element;
};
new Tabs(wide("section"), { items: SECTIONS.map((text) => ({ text })), selectedIndex: 0, elementAttr: { "aria-label": "Sections" },
  onSelectionChanged: (event) => {
    if (event.addedItems.length) state.section = event.addedItems[0].text;
  } });

const buttons = wide("buttons");
buttons.style.cssText += "; display: flex; gap: 8px";
const buttonIn = (holder) => {
  const element = document.createElement("div");
  holder.append(element);
  return element;
};
new DropDownButton(buttonIn(buttons), { text: "Actions", items: ACTIONS, onItemClick: (event) => {
  state.action = event.itemData.toLowerCase();
} });
const dialogHolder = document.createElement("div");
document.body.append(dialogHolder);
const dialog = new Popup(dialogHolder, {
  title: "Confirm the order", width: 320, height: 200, showCloseButton: true,
  contentTemplate: () => {
    const text = document.createElement("p");
    text.textContent = "Place the order now?";
    return text;
  },
  toolbarItems: [{ widget: "dxButton", toolbar: "bottom", location: "after", options: { text: "Place order", onClick: () => dialog.hide() } }],
  onShown: () => {
    state.dialog = true;
  },
  onHidden: () => {
    state.dialog = false;
  },
});
new Button(buttonIn(buttons), { text: "Open dialog", onClick: () => dialog.show() });
new Button(buttonIn(buttons), { text: "Show toast", onClick: () => {
  state.toast += 1;
  notify({ message: "Saved", displayTime: 600000 }, "info");
} });
const help = buttonIn(buttons);
new Button(help, { text: "Help" });
const tip = document.createElement("div");
document.body.append(tip);
new Tooltip(tip, { target: help, showEvent: "mouseenter", hideEvent: "mouseleave", contentTemplate: () => "Opens the help centre",
  onShown: () => {
    state.tooltip = true;
  },
  onHidden: () => {
    state.tooltip = false;
  } });

new Accordion(wide("panels"), {
  items: PANELS.map(([, title, text]) => ({ title, text })), collapsible: true, multiple: true, selectedIndex: -1,
  onSelectionChanged: (event) => {
    state.panels = event.component.option("selectedItems").map((item) => item.title.toLowerCase());
  },
});
new TreeView(wide("tree"), {
  items: [{ text: "Documents", expanded: true, items: [{ text: "Report.pdf" }, { text: "Budget.xlsx" }] }],
  selectionMode: "single", selectByClick: true, elementAttr: { "aria-label": "Files" },
  onItemSelectionChanged: (event) => {
    state.tree = event.itemData.selected ? event.itemData.text : null;
  },
});
new DataGrid(wide("budgets"), {
  dataSource: [{ id: 1, City: "Lisbon", Budget: 4000 }, { id: 2, City: "Oslo", Budget: 2500 }], keyExpr: "id",
  columns: ["City", "Budget"], editing: { mode: "cell", allowUpdating: true }, showBorders: true,
  onRowUpdated: (event) => {
    state.budgets[event.data.City] = event.data.Budget;
  },
});

window.__corpus = {
  library: "DevExtreme",
  package: "devextreme",
  controls: [
    // (its TagBox closes its list on each choice)
    ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size, { ...ORDER_CONTROLS.toppings, reopens: true }, ORDER_CONTROLS.country,
    { key: "departure", kind: "date", role: "combobox", name: "Departure", text: "2014-05-14", cells: [{ role: "gridcell", name: "Wednesday, May 14, 2014" }] },
    // (its slider's handle names itself "Slider", and its switch by the text it shows: Chromium names them so)
    { ...ORDER_CONTROLS.volume, name: "Slider" }, ORDER_CONTROLS.terms, { ...ORDER_CONTROLS.alerts, name: "OFF" },
    // (its drop-down button's items are options of a list)
    ORDER_CONTROLS.delivery, ORDER_CONTROLS.section, { ...ORDER_CONTROLS.action, options: [{ role: "option", name: "Archive" }] }, ORDER_CONTROLS.dialog,
    // (an accordion's headers are tabs, their icon font's glyph first in the name)
    { ...ORDER_CONTROLS.panels, role: "tab", name: "\uf016 Shipping" }, ORDER_CONTROLS.toast, ORDER_CONTROLS.tooltip,
    ORDER_CONTROLS.tree,
    { key: "budgets", kind: "grid", role: "grid", name: "", cells: [{ role: "gridcell", name: "2500" }] },
  ],
};
document.fonts.ready.then(() => requestAnimationFrame(() => {
  window.__ready = true;
}));
