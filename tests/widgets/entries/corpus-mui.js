// The widget corpus's MUI page (tests/widgets/corpus/mui.html): Material UI's common controls and its date and time
// pickers (dayjs adapter) in their default style, each labelled, each reporting the value its onChange gave to
// window.__state. (MUI's tree view is a separate package, @mui/x-tree-view, which tests/widgets does not install.)
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Slider from "@mui/material/Slider";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { TimePicker } from "@mui/x-date-pickers/TimePicker";
import dayjs from "dayjs";
import React from "react";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, SECTIONS, SIZES, TOPPINGS, h, startCorpus, useModel } from "./shared/react-corpus.js";

const valid = (value) => value && value.isValid();
const day = (value) => (valid(value) ? value.format("YYYY-MM-DD") : null);
const time = (value) => (valid(value) ? value.format("HH:mm") : null);
const small = { size: "small", fullWidth: true };

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", "");
  const [toppings, setToppings] = useModel("toppings", []);
  const [country, setCountry] = useModel("country", null);
  const [departure, setDeparture] = useModel("departure", null, day);
  const [start, setStart] = useModel("start", null, time);
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [action, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", false);
  const [tip, setTip] = useModel("tooltip", false);
  const [toast, setToast] = useModel("toast", false);
  const [anchor, setAnchor] = React.useState(null);
  const choose = (what) => () => {
    setAction(what);
    setAnchor(null);
  };
  return h(
    LocalizationProvider,
    { dateAdapter: AdapterDayjs },
    h(
      Stack,
      { spacing: 1.5, sx: { width: 460, padding: 1.5 } },
      h(Stack, { direction: "row", spacing: 1 },
        h(TextField, { ...small, id: "name", label: "Full name", value: name, onChange: (event) => setName(event.target.value) }),
        h(TextField, { ...small, id: "size", select: true, label: "Size", value: size, onChange: (event) => setSize(event.target.value) },
          SIZES.map((label) => h(MenuItem, { key: label, value: label.toLowerCase() }, label)))),
      h(TextField, { ...small, id: "notes", label: "Notes", multiline: true, rows: 2, value: notes, onChange: (event) => setNotes(event.target.value) }),
      h(Autocomplete, {
        id: "toppings", multiple: true, size: "small", options: TOPPINGS, value: toppings, onChange: (event, value) => setToppings(value),
        renderInput: (params) => h(TextField, { ...params, label: "Toppings" }),
      }),
      h(Autocomplete, {
        id: "country", size: "small", options: COUNTRIES, value: country, onChange: (event, value) => setCountry(value),
        renderInput: (params) => h(TextField, { ...params, label: "Country" }),
      }),
      h(Stack, { direction: "row", spacing: 1 },
        h("div", { id: "departure-field", style: { flex: 1 } },
          h(DatePicker, { label: "Departure", value: departure, onChange: setDeparture, referenceDate: dayjs("2014-05-01"), slotProps: { textField: small } })),
        h("div", { id: "start-field", style: { flex: 1 } },
          h(TimePicker, { label: "Start time", value: start, onChange: setStart, slotProps: { textField: small } }))),
      h("div", null,
        h(Typography, { id: "volume-label", variant: "body2" }, "Volume"),
        h(Slider, { "aria-labelledby": "volume-label", size: "small", min: 0, max: 10, step: 1, marks: true, value: volume, valueLabelDisplay: "auto", onChange: (event, value) => setVolume(value) })),
      h(Stack, { direction: "row", spacing: 1 },
        h(FormControlLabel, { label: "Accept the terms", control: h(Checkbox, { size: "small", checked: terms, onChange: (event) => setTerms(event.target.checked) }) }),
        h(FormControlLabel, { label: "Email alerts", control: h(Switch, { size: "small", checked: alerts, onChange: (event) => setAlerts(event.target.checked) }) })),
      h(FormControl, null,
        h(FormLabel, { id: "delivery-label" }, "Delivery"),
        h(RadioGroup, { row: true, "aria-labelledby": "delivery-label", value: delivery, onChange: (event) => setDelivery(event.target.value) },
          DELIVERIES.map((label) => h(FormControlLabel, { key: label, value: label.toLowerCase(), label, control: h(Radio, { size: "small" }) })))),
      h(Tabs, { "aria-label": "Sections", value: section, onChange: (event, value) => setSection(value) },
        SECTIONS.map((label) => h(Tab, { key: label, label, value: label.toLowerCase() }))),
      h(Stack, { direction: "row", spacing: 1 },
        h(Button, { variant: "outlined", id: "actions", "aria-haspopup": "true", onClick: (event) => setAnchor(event.currentTarget) }, "Actions"),
        h(Button, { variant: "outlined", onClick: () => setDialog(true) }, "Open dialog"),
        h(Tooltip, { title: "Opens the help centre", open: tip, onOpen: () => setTip(true), onClose: () => setTip(false) },
          h(Button, { variant: "outlined" }, "Help")),
        h(Button, { variant: "outlined", onClick: () => setToast(true) }, "Show toast")),
      h(Menu, { anchorEl: anchor, open: !!anchor, onClose: () => setAnchor(null) },
        ACTIONS.map((label) => h(MenuItem, { key: label, onClick: choose(label.toLowerCase()) }, label))),
      h(Dialog, { open: dialog, onClose: () => setDialog(false) },
        h(DialogTitle, null, "Confirm the order"),
        h(DialogContent, null, "Place the order now?"),
        h(DialogActions, null, h(Button, { onClick: () => setDialog(false) }, "Cancel"), h(Button, { onClick: () => setDialog(false) }, "Place order"))),
      h(Snackbar, { open: toast, autoHideDuration: 4000, onClose: () => setToast(false), message: "Saved" }),
      h(Accordion, { expanded: panel, onChange: (event, expanded) => setPanel(expanded), disableGutters: true },
        h(AccordionSummary, null, "Shipping"),
        h(AccordionDetails, null, "Ships in two days.")),
    ),
  );
}

// Chromium's names follow the text MUI draws in capitals (text-transform on buttons and tabs), and MUI's Tooltip
// names the button it wraps with the tooltip's title: the names below are Chromium's own. A date or time field is a
// group of sections (month, day, year): a press on the group's middle lands in its last section, so `press` names
// the first, where a person starts typing; the calendar opens from the field's "Choose date" button.
startCorpus(
  {
    library: "MUI",
    package: "@mui/material",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size, ORDER_CONTROLS.toppings,
      { key: "country", kind: "autocomplete", role: "combobox", name: "Country", text: "Fra", options: [{ role: "option", name: "France" }] },
      { key: "departure", kind: "date", role: "group", name: "Departure", press: "#departure-field [role=spinbutton]", text: "05/14/2014", cells: [{ role: "gridcell", name: "14" }], opener: { role: "button", name: "Choose date" } },
      { key: "start", kind: "time", role: "group", name: "Start time", press: "#start-field [role=spinbutton]", text: "10:30 AM" },
      ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.delivery, ORDER_CONTROLS.alerts,
      { key: "section", kind: "tabs", role: "tablist", name: "Sections", options: [{ role: "tab", name: "DETAILS" }, { role: "tab", name: "REVIEWS" }] },
      { key: "action", kind: "menu", role: "button", name: "ACTIONS", options: [{ role: "menuitem", name: "Archive" }] },
      { key: "dialog", kind: "dialog", role: "button", name: "OPEN DIALOG" },
      ORDER_CONTROLS.panels,
      { key: "tooltip", kind: "tooltip", role: "button", name: "Opens the help centre" },
      { key: "toast", kind: "toast", role: "button", name: "SHOW TOAST" },
    ],
  },
  Page,
);
