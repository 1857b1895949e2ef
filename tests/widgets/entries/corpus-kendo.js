// The widget corpus's Kendo UI page (tests/widgets/corpus/kendo.html): Kendo UI for jQuery (kendo-ui-core, its
// open-source part), common in line-of-business apps: jQuery widgets that wrap a plain <input> or <select> in markup of
// their own, in the default theme (@progress/kendo-theme-default, linked by the page). Each widget reports the value
// its change event gave (its API's value()) to window.__state. The modules are imported one by one: the whole of
// kendo.ui.core also loads its colour picker, which needs @progress/kendo-drawing.
import "./shared/jquery-global.js";
import "kendo-ui-core/esm/kendo.autocomplete.js";
import "kendo-ui-core/esm/kendo.button.js";
import "kendo-ui-core/esm/kendo.checkbox.js";
import "kendo-ui-core/esm/kendo.combobox.js";
import "kendo-ui-core/esm/kendo.datepicker.js";
import "kendo-ui-core/esm/kendo.dialog.js";
import "kendo-ui-core/esm/kendo.dropdownbutton.js";
import "kendo-ui-core/esm/kendo.dropdownlist.js";
import "kendo-ui-core/esm/kendo.maskedtextbox.js";
import "kendo-ui-core/esm/kendo.multiselect.js";
import "kendo-ui-core/esm/kendo.notification.js";
import "kendo-ui-core/esm/kendo.numerictextbox.js";
import "kendo-ui-core/esm/kendo.panelbar.js";
import "kendo-ui-core/esm/kendo.slider.js";
import "kendo-ui-core/esm/kendo.sortable.js";
import "kendo-ui-core/esm/kendo.tabstrip.js";
import "kendo-ui-core/esm/kendo.textarea.js";
import "kendo-ui-core/esm/kendo.textbox.js";
import "kendo-ui-core/esm/kendo.timepicker.js";
import "kendo-ui-core/esm/kendo.tooltip.js";

const $ = window.jQuery;
window.__corpus = {
  library: 'Kendo UI', package: 'kendo-ui-core',
  controls: [
    { key: 'name', kind: 'text', role: 'textbox', name: 'Full name', text: 'Ada Lovelace' },
    { key: 'notes', kind: 'textarea', role: 'textbox', name: 'Notes', text: 'Leave at the door' },
    // (its NumericTextBox writes the number in its format once the focus leaves it; its MaskedTextBox keeps the
    // mask's places as keys go in)
    { key: 'quantity', kind: 'text', role: 'spinbutton', name: 'Quantity', text: '12' },
    { key: 'phone', kind: 'text', role: 'textbox', name: 'Phone', text: '5551234567' },
    { key: 'size', kind: 'select', role: 'combobox', name: 'Size', options: [{ role: 'option', name: 'Medium' }] },
    { key: 'toppings', kind: 'multiselect', role: 'combobox', name: 'Toppings',
      options: [{ role: 'option', name: 'Caramel' }, { role: 'option', name: 'Cherries' }] },
    { key: 'country', kind: 'combobox', role: 'combobox', name: 'Country', text: 'Fra',
      options: [{ role: 'option', name: 'France' }] },
    { key: 'fruit', kind: 'autocomplete', role: 'combobox', name: 'Fruit', text: 'Ba',
      options: [{ role: 'option', name: 'Banana' }] },
    { key: 'departure', kind: 'date', role: 'combobox', name: 'Departure', text: '2014-05-14',
      opener: { role: 'button', name: 'Open the calendar' },
      cells: [{ role: 'gridcell', name: '14' }] },  // (its days are named by their number)
    { key: 'start', kind: 'time', role: 'combobox', name: 'Start time', text: '10:30' },
    { key: 'volume', kind: 'slider', role: 'slider', name: 'Volume' },
    { key: 'terms', kind: 'checkbox', role: 'checkbox', name: 'Accept the terms' },
    { key: 'delivery', kind: 'radio', role: 'radiogroup', name: 'Delivery',
      options: [{ role: 'radio', name: 'Express' }, { role: 'radio', name: 'Pickup' }] },
    { key: 'section', kind: 'tabs', role: 'tablist', name: 'Sections',
      options: [{ role: 'tab', name: 'Details' }, { role: 'tab', name: 'Reviews' }] },
    // (its drop-down button is named with its arrow's text too, as Chromium names it)
    { key: 'action', kind: 'menu', role: 'button', name: 'Actions dropdownbutton', options: [{ role: 'menuitem', name: 'Archive' }] },
    { key: 'dialog', kind: 'dialog', role: 'button', name: 'Open dialog' },
    { key: 'toast', kind: 'toast', role: 'button', name: 'Show toast' },
    { key: 'tooltip', kind: 'tooltip', role: 'button', name: 'Help' },
    { key: 'panels', kind: 'accordion', role: 'treeitem', name: 'Shipping' },
    { key: 'tasks', kind: 'sortable', role: 'list', name: 'Tasks',
      drag: { from: { role: 'listitem', name: 'Write the report' }, to: { role: 'listitem', name: 'Book the room' } } },
  ],
};

const state = window.__state;
Object.assign(state, {
  name: '', notes: '', quantity: null, phone: '', size: '', toppings: [], country: '', fruit: '', departure: null,
  start: null, volume: 30, terms: false, delivery: 'Standard', section: 'Overview', action: null, dialog: false,
  toast: 0, tooltip: false, panels: [], tasks: [],
});
const pad = (n) => String(n).padStart(2, '0');
const day = (value) => (value ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}` : null);
const time = (value) => (value ? `${pad(value.getHours())}:${pad(value.getMinutes())}` : null);
// A widget's change event gives the value its API holds; text fields report each key as it goes in.
const follow = (key, read = (widget) => widget.value()) => function () { state[key] = read(this); };

$('#name').kendoTextBox({ change: follow('name') }).on('input', function () { state.name = this.value; });
$('#notes').kendoTextArea({ rows: 2, change: follow('notes') }).on('input', function () { state.notes = this.value; });
$('#quantity').kendoNumericTextBox({ format: 'n0', min: 0, max: 1000, change: follow('quantity'), spin: follow('quantity') });
$('#phone').kendoMaskedTextBox({ mask: '(999) 000-0000', change: follow('phone', (widget) => widget.raw()) });
$('#size').kendoDropDownList({ dataSource: ['Small', 'Medium', 'Large'], optionLabel: 'Choose a size', change: follow('size') });
$('#toppings').kendoMultiSelect({ dataSource: ['Sprinkles', 'Caramel', 'Cherries', 'Hazelnuts'], autoClose: false, change: follow('toppings') });
$('#country').kendoComboBox({ dataSource: ['Austria', 'Belgium', 'France', 'Germany', 'Portugal', 'Spain'], filter: 'startswith', change: follow('country') });
$('#fruit').kendoAutoComplete({ dataSource: ['Apple', 'Banana', 'Blueberry', 'Cherry'], filter: 'startswith', change: follow('fruit') });
// (its calendar opens on May 2014, whatever today is: the latest day it takes is in that month)
$('#departure').kendoDatePicker({ format: 'yyyy-MM-dd', min: new Date(2014, 0, 1), max: new Date(2014, 4, 31),
  change: follow('departure', (widget) => day(widget.value())) });
// (its calendar's button is named "select", as the other pickers' and lists' buttons are: the page names it)
$('#departure').closest('.k-datepicker').find('button').attr('aria-label', 'Open the calendar');
$('#start').kendoTimePicker({ format: 'HH:mm', change: follow('start', (widget) => time(widget.value())) });
$('#volume').kendoSlider({ min: 0, max: 100, smallStep: 1, largeStep: 10, value: 30, showButtons: false,
  change: follow('volume'), slide: function (event) { state.volume = event.value; } });
$('#terms').kendoCheckBox({ label: 'Accept the terms', change: follow('terms', (widget) => widget.check()) });
// (Kendo UI's open-source part has no RadioGroup: its radios are native ones in its classes)
$('input[name=delivery]').on('change', function () { state.delivery = this.value; });
$('#section').kendoTabStrip({ animation: false,
  select: (event) => { state.section = $(event.item).find('.k-link').text().trim(); } });
$('#action').kendoDropDownButton({ items: [{ text: 'Duplicate' }, { text: 'Archive' }, { text: 'Delete' }],
  click: (event) => { state.action = $(event.target).text().trim().toLowerCase(); } });
const dialog = $('#dialog').kendoDialog({ title: 'Confirm the order', content: '<p>Place the order now?</p>', width: 320,
  visible: false, actions: [{ text: 'Place order', primary: true }],
  show: () => { state.dialog = true; }, close: () => { state.dialog = false; } }).data('kendoDialog');
$('#open-dialog').kendoButton({ click: () => dialog.open() });
const notification = $('#notification').kendoNotification({ autoHideAfter: 0 }).data('kendoNotification');
$('#show-toast').kendoButton({ click: () => { state.toast += 1; notification.show('Saved', 'info'); } });
$('#help').kendoButton();
$('#help').kendoTooltip({ content: 'Opens the help centre', showOn: 'mouseenter', position: 'top',
  show: () => { state.tooltip = true; }, hide: () => { state.tooltip = false; } });
$('#panels').kendoPanelBar({ expandMode: 'multiple', animation: false,
  expand: (event) => { state.panels = [...state.panels, $(event.item).children('.k-link').text().trim().toLowerCase()]; },
  collapse: (event) => {
    const title = $(event.item).children('.k-link').text().trim().toLowerCase();
    state.panels = state.panels.filter((panel) => panel !== title);
  } });
const tasks = () => $('#tasks li').not('.k-hint, .k-placeholder').toArray().map((item) => item.textContent.trim());
state.tasks = tasks();
$('#tasks').kendoSortable({ change: () => { state.tasks = tasks(); } });
document.fonts.ready.then(() => requestAnimationFrame(() => { window.__ready = true; }));
