// The widget corpus's Radix page (tests/widgets/corpus/radix.html): Radix's primitives (the radix-ui package),
// each labelled, each reporting the value its onValueChange (or onCheckedChange, onOpenChange) gave to
// window.__state. Radix ships no styles: the few rules below draw each part as the primitives' documentation
// demos do, so that every part has a size and a place. (Radix has no combobox, date or time picker, or tree.)
import { Accordion, Checkbox, Dialog, DropdownMenu, Form, Label, RadioGroup, Select, Slider, Switch, Tabs, Toast, Tooltip } from "radix-ui";
import { ACTIONS, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, h, startCorpus, useModel } from "./shared/react-corpus.js";

const STYLE = `
body { font: 14px system-ui, sans-serif; margin: 0; }
.page { width: 420px; padding: 12px; display: flex; flex-direction: column; gap: 10px; }
.row { display: flex; gap: 10px; align-items: center; }
label, .label { font-weight: 500; }
input, textarea, .trigger, .button { font: inherit; border: 1px solid #bbb; border-radius: 4px; padding: 4px 8px; background: white; }
.trigger { display: inline-flex; justify-content: space-between; min-width: 140px; }
.content { background: white; border: 1px solid #bbb; border-radius: 4px; padding: 4px; box-shadow: 0 4px 12px #0003; }
.item { padding: 4px 8px; border-radius: 3px; outline: none; cursor: default; }
.item[data-highlighted] { background: #e0e7ff; }
.checkbox { width: 18px; height: 18px; border: 1px solid #888; border-radius: 3px; background: white; padding: 0; }
.radio { width: 18px; height: 18px; border: 1px solid #888; border-radius: 50%; background: white; padding: 0; }
.indicator { display: block; width: 10px; height: 10px; margin: auto; border-radius: inherit; background: #4f46e5; }
.switch { width: 38px; height: 22px; border-radius: 11px; border: none; background: #bbb; position: relative; padding: 0; }
.switch[data-state="checked"] { background: #4f46e5; }
.thumb { display: block; width: 18px; height: 18px; border-radius: 9px; background: white; transform: translateX(2px); transition: transform 100ms; }
.switch[data-state="checked"] .thumb { transform: translateX(18px); }
.slider { position: relative; display: flex; align-items: center; height: 20px; width: 100%; }
.track { position: relative; flex-grow: 1; height: 4px; background: #ccc; border-radius: 2px; }
.range { position: absolute; height: 100%; background: #4f46e5; border-radius: 2px; }
.slider-thumb { display: block; width: 16px; height: 16px; border-radius: 8px; background: white; border: 1px solid #4f46e5; }
.tabs-list { display: flex; border-bottom: 1px solid #ccc; }
.tab { font: inherit; border: none; background: none; padding: 6px 12px; }
.tab[data-state="active"] { border-bottom: 2px solid #4f46e5; }
.overlay { position: fixed; inset: 0; background: #0005; }
.dialog { position: fixed; top: 50%; left: 50%; transform: translate(-50%, -50%); background: white; padding: 16px; border-radius: 6px; }
.accordion-trigger { font: inherit; width: 100%; text-align: left; border: none; border-bottom: 1px solid #ccc; background: none; padding: 6px 0; }
.tooltip { background: #222; color: white; padding: 4px 8px; border-radius: 4px; }
.toast-viewport { position: fixed; bottom: 0; right: 0; display: flex; flex-direction: column; padding: 16px; gap: 8px; width: 280px; margin: 0; list-style: none; }
.toast { background: white; border: 1px solid #bbb; border-radius: 6px; padding: 10px; box-shadow: 0 4px 12px #0003; }
`;
document.head.appendChild(Object.assign(document.createElement("style"), { textContent: STYLE }));

function Page() {
  const [name, setName] = useModel("name", "");
  const [notes, setNotes] = useModel("notes", "");
  const [size, setSize] = useModel("size", "");
  const [volume, setVolume] = useModel("volume", 3);
  const [terms, setTerms] = useModel("terms", false);
  const [delivery, setDelivery] = useModel("delivery", "standard");
  const [alerts, setAlerts] = useModel("alerts", false);
  const [section, setSection] = useModel("section", "overview");
  const [, setAction] = useModel("action", null);
  const [dialog, setDialog] = useModel("dialog", false);
  const [panel, setPanel] = useModel("panels", "");
  const [tip, setTip] = useModel("tooltip", false);
  const [toast, setToast] = useModel("toast", false);
  return h(Toast.Provider, null, h(Tooltip.Provider, null, h("div", { className: "page" },
    h(Form.Root, { className: "page", style: { padding: 0, width: "auto" }, onSubmit: (event) => event.preventDefault() },
      h(Form.Field, { name: "name" }, h(Form.Label, null, "Full name"), h("br"),
        h(Form.Control, { value: name, onChange: (event) => setName(event.target.value) })),
      h(Form.Field, { name: "notes" }, h(Form.Label, null, "Notes"), h("br"),
        h(Form.Control, { asChild: true }, h("textarea", { rows: 2, cols: 40, value: notes, onChange: (event) => setNotes(event.target.value) })))),
    h("div", { className: "row" },
      h(Label.Root, { htmlFor: "size" }, "Size"),
      h(Select.Root, { value: size, onValueChange: setSize },
        h(Select.Trigger, { id: "size", className: "trigger" }, h(Select.Value, { placeholder: "Choose a size" }), h(Select.Icon, null, "▾")),
        h(Select.Portal, null, h(Select.Content, { className: "content" }, h(Select.Viewport, null,
          SIZES.map((label) => h(Select.Item, { key: label, value: label.toLowerCase(), className: "item" }, h(Select.ItemText, null, label)))))))),
    h("div", null,
      h("span", { className: "label", id: "volume-label" }, "Volume"),
      h(Slider.Root, { className: "slider", min: 0, max: 10, step: 1, value: [volume], onValueChange: (value) => setVolume(value[0]) },
        h(Slider.Track, { className: "track" }, h(Slider.Range, { className: "range" })),
        h(Slider.Thumb, { className: "slider-thumb", "aria-labelledby": "volume-label" }))),
    h("div", { className: "row" },
      h(Checkbox.Root, { id: "terms", className: "checkbox", checked: terms, onCheckedChange: (checked) => setTerms(checked === true) },
        h(Checkbox.Indicator, { className: "indicator" })),
      h(Label.Root, { htmlFor: "terms" }, "Accept the terms"),
      h(Switch.Root, { id: "alerts", className: "switch", checked: alerts, onCheckedChange: setAlerts }, h(Switch.Thumb, { className: "thumb" })),
      h(Label.Root, { htmlFor: "alerts" }, "Email alerts")),
    h("div", null,
      h("span", { className: "label", id: "delivery-label" }, "Delivery"),
      h(RadioGroup.Root, { className: "row", "aria-labelledby": "delivery-label", value: delivery, onValueChange: setDelivery },
        DELIVERIES.map((label) => h("div", { key: label, className: "row", style: { gap: 4 } },
          h(RadioGroup.Item, { id: `delivery-${label}`, className: "radio", value: label.toLowerCase() }, h(RadioGroup.Indicator, { className: "indicator" })),
          h(Label.Root, { htmlFor: `delivery-${label}` }, label))))),
    h(Tabs.Root, { value: section, onValueChange: setSection },
      h(Tabs.List, { className: "tabs-list", "aria-label": "Sections" },
        SECTIONS.map((label) => h(Tabs.Trigger, { key: label, className: "tab", value: label.toLowerCase() }, label)))),
    h("div", { className: "row" },
      h(DropdownMenu.Root, null,
        h(DropdownMenu.Trigger, { className: "button" }, "Actions"),
        h(DropdownMenu.Portal, null, h(DropdownMenu.Content, { className: "content", sideOffset: 4 },
          ACTIONS.map((label) => h(DropdownMenu.Item, { key: label, className: "item", onSelect: () => setAction(label.toLowerCase()) }, label))))),
      h(Dialog.Root, { open: dialog, onOpenChange: setDialog },
        h(Dialog.Trigger, { className: "button" }, "Open dialog"),
        h(Dialog.Portal, null, h(Dialog.Overlay, { className: "overlay" }), h(Dialog.Content, { className: "dialog" },
          h(Dialog.Title, null, "Confirm the order"),
          h(Dialog.Description, null, "Place the order now?"),
          h(Dialog.Close, { className: "button" }, "Place order")))),
      h(Tooltip.Root, { open: tip, onOpenChange: setTip },
        h(Tooltip.Trigger, { className: "button" }, "Help"),
        h(Tooltip.Portal, null, h(Tooltip.Content, { className: "tooltip", sideOffset: 4 }, "Opens the help centre"))),
      h("button", { className: "button", onClick: () => setToast(true) }, "Show toast")),
    h(Toast.Root, { className: "toast", open: toast, onOpenChange: setToast }, h(Toast.Title, null, "Saved"), h(Toast.Close, { className: "button" }, "Dismiss")),
    h(Toast.Viewport, { className: "toast-viewport" }),
    h(Accordion.Root, { type: "single", collapsible: true, value: panel, onValueChange: setPanel },
      PANELS.map(([value, label, body]) =>
        h(Accordion.Item, { key: value, value },
          h(Accordion.Header, { style: { margin: 0 } }, h(Accordion.Trigger, { className: "accordion-trigger" }, label)),
          h(Accordion.Content, null, body)))),
  )));
}

startCorpus(
  {
    library: "Radix",
    package: "radix-ui",
    controls: [
      ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size, ORDER_CONTROLS.volume, ORDER_CONTROLS.terms,
      ORDER_CONTROLS.delivery, ORDER_CONTROLS.alerts, ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog,
      ORDER_CONTROLS.panels, ORDER_CONTROLS.tooltip, ORDER_CONTROLS.toast,
    ],
  },
  Page,
);
