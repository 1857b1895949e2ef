// The widget corpus's Angular Material page (tests/widgets/corpus/angular-material.html): Google's Material
// components for Angular (@angular/material, with the CDK's drag and drop), in their default style (the prebuilt
// azure-blue theme, Roboto and the Material Icons font, all linked from node_modules). Built by esbuild alone, as
// no Angular app is: the templates are compiled in the browser by Angular's JIT compiler (imported first; it also
// links the partially compiled library code at run time), the components are standalone, change detection is
// zoneless, and the decorators are applied as the functions they are (`Component({...})(class ...)`, what a
// legacy decorator compiles to), with inject() for every dependency, so that no decorator syntax or metadata is
// needed. Each control reports the value its own output gave (ngModelChange, selectionChange, valueChange, dateChange,
// opened/closed, afterOpened/afterClosed...) to window.__state; the tooltip, which has no output, reports the
// visibility its own component toggles.
import "./shared/angular-globals.js";
import "@angular/compiler";
import { Component, enableProdMode, inject, provideZonelessChangeDetection } from "@angular/core";
import { bootstrapApplication } from "@angular/platform-browser";
import { FormsModule } from "@angular/forms";
import { CdkDrag, CdkDropList, moveItemInArray } from "@angular/cdk/drag-drop";
import { MatAutocompleteModule } from "@angular/material/autocomplete";
import { MatButtonModule } from "@angular/material/button";
import { MatCheckboxModule } from "@angular/material/checkbox";
import { MatChipsModule } from "@angular/material/chips";
import { provideNativeDateAdapter } from "@angular/material/core";
import { MatDatepickerModule } from "@angular/material/datepicker";
import { MatDialog, MatDialogModule } from "@angular/material/dialog";
import { MatExpansionModule } from "@angular/material/expansion";
import { MatFormFieldModule } from "@angular/material/form-field";
import { MatIconModule } from "@angular/material/icon";
import { MatInputModule } from "@angular/material/input";
import { MatMenuModule } from "@angular/material/menu";
import { MatRadioModule } from "@angular/material/radio";
import { MatSelectModule } from "@angular/material/select";
import { MatSlideToggleModule } from "@angular/material/slide-toggle";
import { MatSliderModule } from "@angular/material/slider";
import { MatSnackBar } from "@angular/material/snack-bar";
import { MatTabsModule } from "@angular/material/tabs";
import { MatTimepickerModule } from "@angular/material/timepicker";
import { MatTooltipModule, TooltipComponent } from "@angular/material/tooltip";
import { MatTreeModule } from "@angular/material/tree";
import { ACTIONS, COUNTRIES, DELIVERIES, ORDER_CONTROLS, PANELS, SECTIONS, SIZES, TOPPINGS, TRIP_STARTS } from "./shared/react-corpus.js";

const TASKS = ["Book the room", "Write the report", "Send the invitations"];
const FILES = [{ name: "Documents", children: [{ name: "Report.pdf" }, { name: "Budget.xlsx" }] }];

const state = window.__state;
Object.assign(state, {
  name: "", notes: "", size: null, toppings: [], country: "", departure: null, start: null, volume: 30, terms: false,
  delivery: "Standard", alerts: false, section: "Overview", action: null, dialog: false, toast: 0, tooltip: false,
  panels: [], tree: null, tags: [], tasks: [...TASKS],
});
const pad = (number) => String(number).padStart(2, "0");
const day = (date) => (date instanceof Date && !Number.isNaN(date.getTime()) ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : null);
const time = (date) => (date instanceof Date && !Number.isNaN(date.getTime()) ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : null);

// The tooltip has no output: its component's own visibility, as it toggles it, is the model.
const toggleVisibility = TooltipComponent.prototype._toggleVisibility;
TooltipComponent.prototype._toggleVisibility = function (visible) {
  toggleVisibility.call(this, visible);
  state.tooltip = this.isVisible();
};

enableProdMode();

const OrderDialog = Component({
  selector: "order-dialog",
  imports: [MatDialogModule, MatButtonModule],
  template: `
    <h2 mat-dialog-title>Confirm the order</h2>
    <mat-dialog-content>Place the order now?</mat-dialog-content>
    <mat-dialog-actions align="end">
      <button mat-button mat-dialog-close>Cancel</button>
      <button mat-flat-button mat-dialog-close>Place order</button>
    </mat-dialog-actions>`,
})(class OrderDialog {});

const STYLE = `
  .page { width: 1200px; padding: 8px 12px; display: flex; flex-wrap: wrap; gap: 0 16px; align-items: center; font-family: Roboto, sans-serif; }
  .page > mat-form-field { width: 220px; }
  .page > .line { width: 100%; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
  .slider { display: flex; align-items: center; gap: 4px; }
  .tasks { width: 260px; margin: 0; padding: 0; list-style: none; border: 1px solid #ccc; }
  .tasks li { padding: 8px 12px; border-bottom: 1px solid #eee; background: white; cursor: move; }
  .tasks li:last-child { border-bottom: 0; }
  .cdk-drag-preview { box-sizing: border-box; box-shadow: 0 4px 8px rgba(0, 0, 0, 0.3); }
  .cdk-drag-placeholder { opacity: 0.3; }
  .cdk-drag-animating, .tasks.cdk-drop-list-dragging li:not(.cdk-drag-placeholder) { transition: transform 250ms cubic-bezier(0, 0, 0.2, 1); }
  mat-tab-group { width: 420px; }
  mat-accordion { width: 420px; display: block; }
  mat-tree { width: 260px; }
  .picked { font-weight: 500; background: rgba(0, 0, 0, 0.06); }
`;

const Page = Component({
  selector: "corpus-page",
  imports: [
    FormsModule, CdkDrag, CdkDropList, MatAutocompleteModule, MatButtonModule, MatCheckboxModule, MatChipsModule,
    MatDatepickerModule, MatDialogModule, MatExpansionModule, MatFormFieldModule, MatIconModule, MatInputModule,
    MatMenuModule, MatRadioModule, MatSelectModule, MatSlideToggleModule, MatSliderModule, MatTabsModule,
    MatTimepickerModule, MatTooltipModule, MatTreeModule,
  ],
  styles: [STYLE],
  template: `
<div class="page">
  <mat-form-field>
    <mat-label>Full name</mat-label>
    <input matInput [ngModel]="model.name" (ngModelChange)="set('name', $event)">
  </mat-form-field>
  <mat-form-field>
    <mat-label>Notes</mat-label>
    <textarea matInput rows="1" [ngModel]="model.notes" (ngModelChange)="set('notes', $event)"></textarea>
  </mat-form-field>
  <mat-form-field>
    <mat-label>Size</mat-label>
    <mat-select (selectionChange)="set('size', $event.value)">
      @for (size of sizes; track size) { <mat-option [value]="size">{{ size }}</mat-option> }
    </mat-select>
  </mat-form-field>
  <mat-form-field>
    <mat-label>Toppings</mat-label>
    <mat-select multiple (selectionChange)="set('toppings', $event.value)">
      @for (topping of toppings; track topping) { <mat-option [value]="topping">{{ topping }}</mat-option> }
    </mat-select>
  </mat-form-field>
  <mat-form-field>
    <mat-label>Country</mat-label>
    <input matInput [matAutocomplete]="countries" [ngModel]="model.country" (ngModelChange)="set('country', $event)">
    <mat-autocomplete #countries="matAutocomplete">
      @for (country of matching(); track country) { <mat-option [value]="country">{{ country }}</mat-option> }
    </mat-autocomplete>
  </mat-form-field>
  <mat-form-field>
    <mat-label>Departure</mat-label>
    <input matInput [matDatepicker]="departure" [ngModel]="departureDate" (ngModelChange)="setDeparture($event)">
    <mat-datepicker-toggle matIconSuffix [for]="departure"></mat-datepicker-toggle>
    <mat-datepicker #departure [startAt]="tripStarts"></mat-datepicker>
  </mat-form-field>
  <mat-form-field>
    <mat-label>Start time</mat-label>
    <input matInput [matTimepicker]="start" [ngModel]="startTime" (ngModelChange)="setStart($event)">
    <mat-timepicker-toggle matIconSuffix [for]="start"></mat-timepicker-toggle>
    <mat-timepicker #start></mat-timepicker>
  </mat-form-field>
  <mat-form-field>
    <mat-label>Tags</mat-label>
    <mat-chip-grid #tagGrid aria-label="Tags">
      @for (tag of model.tags; track tag) {
        <mat-chip-row (removed)="removeTag(tag)">{{ tag }}<button matChipRemove [attr.aria-label]="'Remove ' + tag"><mat-icon>cancel</mat-icon></button></mat-chip-row>
      }
    </mat-chip-grid>
    <input [matChipInputFor]="tagGrid" (matChipInputTokenEnd)="addTag($event)">
  </mat-form-field>

  <div class="line">
    <div class="slider">
      <span id="volume-label">Volume</span>
      <mat-slider min="0" max="100"><input matSliderThumb aria-labelledby="volume-label" [value]="30" (valueChange)="set('volume', $event)"></mat-slider>
    </div>
    <mat-checkbox (change)="set('terms', $event.checked)">Accept the terms</mat-checkbox>
    <mat-slide-toggle (change)="set('alerts', $event.checked)">Email alerts</mat-slide-toggle>
    <span id="delivery-label">Delivery</span>
    <mat-radio-group aria-labelledby="delivery-label" value="Standard" (change)="set('delivery', $event.value)">
      @for (delivery of deliveries; track delivery) { <mat-radio-button [value]="delivery">{{ delivery }}</mat-radio-button> }
    </mat-radio-group>
  </div>

  <div class="line">
    <button mat-button [matMenuTriggerFor]="actionMenu">Actions</button>
    <mat-menu #actionMenu="matMenu">
      @for (action of actions; track action) { <button mat-menu-item (click)="set('action', action.toLowerCase())">{{ action }}</button> }
    </mat-menu>
    <button mat-button (click)="openDialog()">Open dialog</button>
    <button mat-button (click)="showToast()">Show toast</button>
    <button mat-button matTooltip="Opens the help centre">Help</button>
  </div>

  <div class="line" style="align-items: start">
    <mat-tab-group aria-label="Sections" animationDuration="0ms" (selectedIndexChange)="set('section', sections[$event])">
      @for (section of sections; track section) { <mat-tab [label]="section"><p>{{ section }} of the order.</p></mat-tab> }
    </mat-tab-group>
    <mat-accordion multi>
      @for (panel of panels; track panel[0]) {
        <mat-expansion-panel (opened)="panelOpened(panel[0], true)" (closed)="panelOpened(panel[0], false)">
          <mat-expansion-panel-header><mat-panel-title>{{ panel[1] }}</mat-panel-title></mat-expansion-panel-header>
          <p>{{ panel[2] }}</p>
        </mat-expansion-panel>
      }
    </mat-accordion>
  </div>

  <div class="line" style="align-items: start">
    <mat-tree #files [dataSource]="fileTree" [childrenAccessor]="childrenOf" aria-label="Files">
      <mat-tree-node *matTreeNodeDef="let node" matTreeNodePadding [class.picked]="model.tree === node.name"
        (click)="set('tree', node.name)" (activation)="set('tree', node.name)">{{ node.name }}</mat-tree-node>
      <mat-tree-node *matTreeNodeDef="let node; when: hasChildren" matTreeNodePadding matTreeNodeToggle [isExpandable]="true" [isExpanded]="true"
        [class.picked]="model.tree === node.name" (click)="set('tree', node.name)" (activation)="set('tree', node.name)">
        <mat-icon>{{ files.isExpanded(node) ? 'expand_more' : 'chevron_right' }}</mat-icon>{{ node.name }}
      </mat-tree-node>
    </mat-tree>
    <div>
      <h3 id="tasks-label" style="margin: 0 0 4px; font: 500 16px Roboto, sans-serif">Tasks</h3>
      <ul class="tasks" cdkDropList aria-labelledby="tasks-label" (cdkDropListDropped)="dropTask($event)">
        @for (task of model.tasks; track task) { <li cdkDrag [attr.aria-label]="task">{{ task }}</li> }
      </ul>
    </div>
  </div>
</div>`,
})(
  class Page {
    dialog = inject(MatDialog);
    snackBar = inject(MatSnackBar);
    model = state;
    sizes = SIZES;
    toppings = TOPPINGS;
    deliveries = DELIVERIES;
    actions = ACTIONS;
    sections = SECTIONS;
    panels = PANELS;
    tripStarts = TRIP_STARTS;
    departureDate = null;
    startTime = null;
    fileTree = FILES;
    childrenOf = (node) => node.children ?? [];
    hasChildren = (index, node) => !!node.children?.length;

    set(key, value) {
      state[key] = value;
    }

    matching() {
      const typed = (state.country || "").toLowerCase();
      return COUNTRIES.filter((country) => country.toLowerCase().includes(typed));
    }

    setDeparture(value) {
      this.departureDate = value;
      state.departure = day(value);
    }

    setStart(value) {
      this.startTime = value;
      state.start = time(value);
    }

    addTag(event) {
      const tag = (event.value || "").trim();
      if (tag && !state.tags.includes(tag)) state.tags = [...state.tags, tag];
      event.chipInput.clear();
    }

    removeTag(tag) {
      state.tags = state.tags.filter((other) => other !== tag);
    }

    panelOpened(panel, open) {
      const others = state.panels.filter((other) => other !== panel);
      state.panels = open ? PANELS.map(([key]) => key).filter((key) => key === panel || others.includes(key)) : others;
    }

    dropTask(event) {
      const tasks = [...state.tasks];
      moveItemInArray(tasks, event.previousIndex, event.currentIndex);
      state.tasks = tasks;
    }

    openDialog() {
      const ref = this.dialog.open(OrderDialog, { width: "320px" });
      ref.afterOpened().subscribe(() => {
        state.dialog = true;
      });
      ref.afterClosed().subscribe(() => {
        state.dialog = false;
      });
    }

    showToast() {
      state.toast += 1;
      this.snackBar.open("Saved", "Dismiss");
    }
  },
);

// Chromium names the fields by their mat-label (the form field's <label for>). The datepicker opens from its toggle
// only (its field is typed into), on a calendar whose days are gridcells named by their full date; the timepicker
// opens its list of options (every half hour) on a press of its field. The chip grid's field, where tags are typed and
// added with Enter, is a textbox named by the form field's label. The CDK's sortable list has no roles of its own: its
// items are the page's <li>s, named by aria-label as SortableJS's page names them.
window.__corpus = {
  library: "Angular Material",
  package: "@angular/material",
  controls: [
    ORDER_CONTROLS.name, ORDER_CONTROLS.notes, ORDER_CONTROLS.size, ORDER_CONTROLS.toppings, ORDER_CONTROLS.country,
    { key: "departure", kind: "date", role: "textbox", name: "Departure", text: "5/14/2014",
      cells: [{ role: "gridcell", name: "May 14, 2014" }], opener: { role: "button", name: "Open calendar" } },
    { ...ORDER_CONTROLS.start, role: "combobox", text: "10:30 AM", cells: [{ role: "option", name: "1:30 AM" }] },
    { key: "tags", kind: "text", role: "textbox", name: "Tags", text: "urgent" },
    ORDER_CONTROLS.volume, ORDER_CONTROLS.terms, ORDER_CONTROLS.alerts, ORDER_CONTROLS.delivery,
    ORDER_CONTROLS.section, ORDER_CONTROLS.action, ORDER_CONTROLS.dialog, ORDER_CONTROLS.toast, ORDER_CONTROLS.tooltip,
    ORDER_CONTROLS.panels, ORDER_CONTROLS.tree,
    { key: "tasks", kind: "sortable", role: "list", name: "Tasks",
      drag: { from: { role: "listitem", name: "Write the report" }, to: { role: "listitem", name: "Book the room" } } },
  ],
};

bootstrapApplication(Page, { providers: [provideZonelessChangeDetection(), provideNativeDateAdapter()] })
  .then(() => document.fonts.ready)
  .then(() => requestAnimationFrame(() => {
    window.__ready = true;
  }))
  .catch((error) => window.__errors.push(String((error && error.message) || error)));
