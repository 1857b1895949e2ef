// Base Web (npm baseui, Uber's React library, which Streamlit draws its widgets with) for the widget corpus
// (tests/widgets/corpus/baseui.html): its common controls in their default style, each value kept in React state
// from the control's own onChange and mirrored into window.__state (shared/react-corpus.js).
// Base Web draws its radios, checkboxes and switches as elements inside a <label>, and hides the <input>
// (0 by 0, clipped or transparent): the page's `press` selectors say where a person presses them.
import React from "react";
import { Provider as StyletronProvider } from "styletron-react";
import { Client as Styletron } from "styletron-engine-monolithic";
import { BaseProvider, LightTheme } from "baseui";
import { Accordion, Panel } from "baseui/accordion";
import { Button } from "baseui/button";
import { Checkbox, STYLE_TYPE } from "baseui/checkbox";
import { Datepicker } from "baseui/datepicker";
import { Input } from "baseui/input";
import { StatefulMenu } from "baseui/menu";
import { Modal, ModalBody, ModalButton, ModalFooter, ModalHeader } from "baseui/modal";
import { PLACEMENT, StatefulPopover } from "baseui/popover";
import { Radio, RadioGroup } from "baseui/radio";
import { Select } from "baseui/select";
import { Slider } from "baseui/slider";
import { Tab, Tabs } from "baseui/tabs-motion";
import { Textarea } from "baseui/textarea";
import { ToasterContainer, toaster } from "baseui/toast";
import { StatefulTooltip } from "baseui/tooltip";
import { h, startCorpus, useModel } from "./shared/react-corpus.js";

const CONTROLS = [
  { key: "plan", kind: "radio", role: "radiogroup", name: "Plan", options: [{ role: "radio", name: "Business", press: "#business-mark" }, { role: "radio", name: "Personal", press: "#personal-mark" }] },
  { key: "newsletter", kind: "checkbox", role: "checkbox", name: "Send me the newsletter", press: "#newsletter-box" },
  { key: "darkMode", kind: "switch", role: "checkbox", name: "Dark mode", press: "#dark-mode-track" },
  { key: "city", kind: "select", role: "combobox", name: "City", options: [{ role: "option", name: "Lisbon" }, { role: "option", name: "Porto" }] },
  { key: "languages", kind: "multiselect", role: "combobox", name: "Languages", options: [{ role: "option", name: "English" }, { role: "option", name: "French" }] },
  { key: "fullName", kind: "text", role: "textbox", name: "Full name", text: "Ada Lovelace" },
  { key: "notes", kind: "textarea", role: "textbox", name: "Notes", text: "Call after five." },
  { key: "volume", kind: "slider", role: "slider", name: "Volume" },
  { key: "tab", kind: "tabs", role: "tablist", name: "Sections", options: [{ role: "tab", name: "Billing" }, { role: "tab", name: "Shipping" }] },
  { key: "date", kind: "date", role: "textbox", name: "Start date", text: "2026/05/14" },
  { key: "action", kind: "menu", role: "button", name: "Actions", options: [{ role: "option", name: "Archive" }, { role: "option", name: "Duplicate" }] },
  { key: "dialog", kind: "dialog", role: "button", name: "Delete account" },
  { key: "accordion", kind: "accordion", role: "button", name: "Shipping details Down Small" },
  { key: "tooltip", kind: "tooltip", role: "button", name: "Help" },
  { key: "toasts", kind: "toast", role: "button", name: "Save" },
  // As Streamlit draws them (see STREAMLIT below).
  { key: "streamlitPlan", kind: "radio", role: "radiogroup", name: "Account type", options: [{ role: "radio", name: "Team", press: "#team-mark" }, { role: "radio", name: "Solo", press: "#solo-mark" }] },
  { key: "streamlitTerms", kind: "checkbox", role: "checkbox", name: "I agree to the terms", press: "#terms-box" },
  { key: "streamlitAlerts", kind: "switch", role: "checkbox", name: "Email alerts", press: "#alerts-track" },
];

// Streamlit (st.radio, st.checkbox, st.toggle) draws these same components with its own overrides: each option's
// <label> has rounded corners, no left padding and its items aligned at the top (Streamlit's Radio.tsx and
// Checkbox.tsx). The hidden <input> then sits at the label's top left corner, which the rounding cuts away.
const ROUNDED = { borderTopLeftRadius: "8px", borderTopRightRadius: "8px", borderBottomLeftRadius: "8px", borderBottomRightRadius: "8px" };
const STREAMLIT = { Root: { style: { marginTop: 0, marginBottom: 0, marginRight: "1rem", paddingLeft: 0, paddingRight: "2px", alignItems: "start", ...ROUNDED } } };
// The id of the box a checkbox draws (Checkmark), of a switch's track or of a radio's circle (RadioMarkOuter), for
// the page's `press` selectors.
const drawnAs = (part, id, overrides = {}) => ({ ...overrides, [part]: { props: { id } } });

const CITIES = ["Lisbon", "Porto", "Faro"].map((label) => ({ id: label.toLowerCase(), label }));
const LANGUAGES = ["English", "French", "German"].map((label) => ({ id: label.toLowerCase(), label }));
const ids = (chosen) => chosen.map((option) => option.id);
const isoDate = (date) => (date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}` : null);
const field = (label, control) => h("div", { style: { marginBottom: "8px" } }, h("label", { htmlFor: control.props.id, style: { display: "block", fontSize: "13px" } }, label), control);

function Controls() {
  const [plan, setPlan] = useModel("plan", "personal");
  const [newsletter, setNewsletter] = useModel("newsletter", false);
  const [darkMode, setDarkMode] = useModel("darkMode", false);
  const [city, setCity] = useModel("city", [], ids);
  const [languages, setLanguages] = useModel("languages", [], ids);
  const [fullName, setFullName] = useModel("fullName", "");
  const [notes, setNotes] = useModel("notes", "");
  const [volume, setVolume] = useModel("volume", [30], (value) => value[0]);
  const [tab, setTab] = useModel("tab", "billing");
  const [date, setDate] = useModel("date", null, isoDate);
  const [action, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", { open: false, confirmed: false });
  const [accordion, setAccordion] = useModel("accordion", []);
  const [toasts, setToasts] = useModel("toasts", 0);
  const [tooltip, setTooltip] = useModel("tooltip", false);
  const [streamlitPlan, setStreamlitPlan] = useModel("streamlitPlan", "solo");
  const [streamlitTerms, setStreamlitTerms] = useModel("streamlitTerms", false);
  const [streamlitAlerts, setStreamlitAlerts] = useModel("streamlitAlerts", false);
  return h(
    "div",
    { style: { width: "420px", padding: "8px" } },
    h(
      RadioGroup,
      { name: "plan", value: plan, "aria-label": "Plan", align: "horizontal", onChange: (event) => setPlan(event.currentTarget.value) },
      h(Radio, { value: "personal", overrides: drawnAs("RadioMarkOuter", "personal-mark") }, "Personal"),
      h(Radio, { value: "business", overrides: drawnAs("RadioMarkOuter", "business-mark") }, "Business"),
    ),
    h(Checkbox, { checked: newsletter, overrides: drawnAs("Checkmark", "newsletter-box"), onChange: (event) => setNewsletter(event.currentTarget.checked) }, "Send me the newsletter"),
    h(Checkbox, { checked: darkMode, checkmarkType: STYLE_TYPE.toggle_round, overrides: drawnAs("ToggleTrack", "dark-mode-track"), onChange: (event) => setDarkMode(event.currentTarget.checked) }, "Dark mode"),
    field("City", h(Select, { id: "city", options: CITIES, value: city, placeholder: "Choose a city", onChange: (params) => setCity(params.value) })),
    field("Languages", h(Select, { id: "languages", options: LANGUAGES, value: languages, multi: true, placeholder: "Choose languages", onChange: (params) => setLanguages(params.value) })),
    field("Full name", h(Input, { id: "full-name", value: fullName, onChange: (event) => setFullName(event.currentTarget.value) })),
    field("Notes", h(Textarea, { id: "notes", value: notes, onChange: (event) => setNotes(event.currentTarget.value) })),
    h(Slider, { value: volume, min: 0, max: 100, onChange: (params) => setVolume(params.value), overrides: { Thumb: { props: { "aria-label": "Volume" } } } }),
    h(
      Tabs,
      { activeKey: tab, onChange: (params) => setTab(params.activeKey), overrides: { TabList: { props: { "aria-label": "Sections" } } } },
      h(Tab, { key: "billing", title: "Billing" }, "Billing address"),
      h(Tab, { key: "shipping", title: "Shipping" }, "Shipping address"),
    ),
    field("Start date", h(Datepicker, { id: "start-date", "aria-label": "Start date", value: date, onChange: (params) => setDate(Array.isArray(params.date) ? params.date[0] : params.date) })),
    h(
      "div",
      { style: { display: "flex", gap: "8px", margin: "8px 0" } },
      h(
        StatefulPopover,
        {
          placement: PLACEMENT.bottomLeft,
          content: ({ close }) =>
            h(StatefulMenu, {
              items: [{ label: "Archive" }, { label: "Duplicate" }, { label: "Rename" }],
              onItemSelect: (params) => {
                setAction(params.item.label);
                close();
              },
            }),
        },
        h(Button, { size: "compact" }, "Actions"),
      ),
      h(Button, { size: "compact", onClick: () => setDialog({ open: true, confirmed: false }) }, "Delete account"),
      h(StatefulTooltip, { content: "Help is on its way", onOpen: () => setTooltip(true), onClose: () => setTooltip(false) }, h(Button, { size: "compact", kind: "secondary" }, "Help")),
      h(
        Button,
        {
          size: "compact",
          kind: "secondary",
          onClick: () => {
            toaster.info("Saved");
            setToasts((count) => count + 1);
          },
        },
        "Save",
      ),
    ),
    h(
      Accordion,
      { onChange: (params) => setAccordion(params.expanded.map(String)) },
      h(Panel, { key: "shipping", title: "Shipping details" }, "Ships in two days."),
      h(Panel, { key: "returns", title: "Returns" }, "Free returns within 30 days."),
    ),
    h(
      Modal,
      { isOpen: dialog.open, onClose: () => setDialog({ open: false, confirmed: false }) },
      h(ModalHeader, null, "Delete account?"),
      h(ModalBody, null, "This cannot be undone."),
      h(
        ModalFooter,
        null,
        h(ModalButton, { kind: "tertiary", onClick: () => setDialog({ open: false, confirmed: false }) }, "Cancel"),
        h(ModalButton, { onClick: () => setDialog({ open: false, confirmed: true }) }, "Delete"),
      ),
    ),
    h(
      "div",
      { className: "stRadio", style: { marginTop: "8px" } },
      h(
        RadioGroup,
        { name: "account", value: streamlitPlan, "aria-label": "Account type", align: "horizontal", onChange: (event) => setStreamlitPlan(event.currentTarget.value) },
        h(Radio, { value: "solo", overrides: drawnAs("RadioMarkOuter", "solo-mark", STREAMLIT) }, "Solo"),
        h(Radio, { value: "team", overrides: drawnAs("RadioMarkOuter", "team-mark", STREAMLIT) }, "Team"),
      ),
    ),
    h("div", { className: "stCheckbox" }, h(Checkbox, { checked: streamlitTerms, overrides: drawnAs("Checkmark", "terms-box", STREAMLIT), onChange: (event) => setStreamlitTerms(event.currentTarget.checked) }, "I agree to the terms")),
    h("div", { className: "stCheckbox" }, h(Checkbox, { checked: streamlitAlerts, checkmarkType: STYLE_TYPE.toggle_round, overrides: drawnAs("ToggleTrack", "alerts-track", STREAMLIT), onChange: (event) => setStreamlitAlerts(event.currentTarget.checked) }, "Email alerts")),
    h(ToasterContainer, { autoHideDuration: 4000 }),
  );
}

const engine = new Styletron();
startCorpus({ library: "Base Web", package: "baseui", controls: CONTROLS }, () =>
  h(StyletronProvider, { value: engine }, h(BaseProvider, { theme: LightTheme }, h(Controls))),
);
