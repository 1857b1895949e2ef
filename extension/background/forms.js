// browser_fill_form: many fields in one call, each set by the lane's own browser_type or browser_click.
// Nothing here types or clicks by itself: capabilities.js hands fillForm the two capabilities (`lane.type`,
// `lane.click`: the same synthetic or trusted input, the same confirmations in ask mode, the same read-back and
// error codes) and the engine's checkState. A text field, textarea, <select>, date, time, number or range input, or
// a slider the page draws, is typed; a checkbox, radio button, switch or toggle button (aria-pressed) takes "true"
// or "false" and is clicked only when it is not so already, then read back. The first field that fails stops the
// call, with the words of hermes_server.cdp.tools.forms. Once all are set, each is read again: one the page changed
// afterwards fails the call, one changed only in form is told in adjusted.
import { CommandError } from "./errors.js";
import { normalRef } from "./frames.js";

const CHECK_VALUES = ["true", "false"];

// {ok, filled: how many, adjusted?: [{ref, value}], navigated?} once every field is set and read back; else the first
// failure's CommandError, its code kept, saying which fields were set before it and which were not tried.
export async function fillForm(fields, lane) {
  const filled = [];
  const held = []; // what each field holds once set (the engine's checkState)
  let navigated = null;
  for (const [index, field] of fields.entries()) {
    let done;
    try {
      done = await fillField(normalRef(field.ref), field.value, lane);
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      throw fieldFailure(error, index, fields, filled);
    }
    const value = done.password ? { password: true } : { value: done.value };
    filled.push({ ref: done.ref ?? normalRef(field.ref), ...value });
    navigated = done.navigated ?? navigated;
    held.push(navigated === null ? await holding(normalRef(field.ref), lane) : null);
  }
  // Each field again, once the whole form is set: a page may change one as the focus leaves it (a list that keeps
  // only a text an option was chosen for, an amount written out as money) or as a later field is set.
  for (const [index, field] of fields.entries()) {
    const now = held[index] === null ? null : await holding(normalRef(field.ref), lane);
    if (now === null || !changedAfter(held[index], now)) continue;
    if (!reformatted(held[index], now)) throw new CommandError("type_mismatch", changedMessage(index, fields, held[index], now));
    filled[index].value = now.holds; // told in adjusted, as it is now
  }
  // Every field holds what was asked (read back, else the call failed): only one that holds it otherwise (a range
  // snapped to its step, an option named in another case) is told, so the answer does not repeat the form.
  const adjusted = filled.filter((field, index) => field.value !== undefined && field.value !== fields[index].value);
  const result = { ok: true, filled: filled.length };
  if (adjusted.length) result.adjusted = adjusted;
  if (navigated !== null) result.navigated = navigated;
  return result;
}

async function fillField(ref, value, lane) {
  const state = await lane.checkState(ref);
  if (!state.checkable) return lane.type(ref, value);
  checkValue(state, value);
  const clicked = state.checked === value ? {} : await lane.click(ref);
  const now = await lane.checkState(ref);
  if (now.checked !== value) throw new CommandError("type_mismatch", checkedMismatch(now, value));
  return clicked.navigated ? { ref: now.ref, value, navigated: clicked.navigated } : { ref: now.ref, value };
}

// What the field holds now (the engine's checkState), or null when it can no longer be read (its ref is gone).
async function holding(ref, lane) {
  try {
    return await lane.checkState(ref);
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    return null;
  }
}

// Whether a field holds otherwise than it did once set: checked or not, or its text (a password's is not read).
function changedAfter(before, now) {
  return before.checked !== now.checked || before.holds !== now.holds;
}

// Whether a field's text changed only in form: its letters and digits begin as they did ("1000" written out as
// "1,000.00", a phone number given its spaces), not another value or none.
function reformatted(before, now) {
  const letters = (state) => String(state.holds ?? "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  return !before.checkable && letters(before) !== "" && letters(now).startsWith(letters(before));
}

function changedMessage(index, fields, before, now) {
  const holds = (state) =>
    state.checkable ? ({ true: "checked", mixed: "mixed" }[state.checked] ?? "unchecked") : JSON.stringify(state.holds);
  return (
    `field ${index + 1} of ${fields.length} (${normalRef(fields[index].ref)}) held ${holds(before)} once set, and ` +
    `holds ${holds(now)} now that the whole form is set: the page changed it afterwards (as the focus left it, ` +
    "or as a later field was set). Every field was set; set this one as the page takes it (a list may keep only " +
    "an option chosen in it), after a new snapshot."
  );
}

// browser_type's error for a value a checkbox, radio button or switch cannot take; nothing is clicked.
function checkValue(state, value) {
  const what = `${state.ref} is a ${state.role}`;
  if (!CHECK_VALUES.includes(value)) {
    const shown = JSON.stringify(value.slice(0, 40));
    throw new CommandError("invalid_value", `${what}: its value is "true" (checked) or "false" (unchecked), not ${shown}.`);
  }
  if (state.disabled) throw new CommandError("disabled", `Element ${state.ref} is disabled.`);
  if (/^(radio|menuitemradio)$/.test(state.role) && value === "false" && state.checked === "true") {
    throw new CommandError(
      "invalid_value",
      `${what}: a radio button is unchecked by checking another of its group; give that one "true".`,
    );
  }
}

function checkedMismatch(state, value) {
  const holds = { true: "checked", false: "unchecked", mixed: "mixed" }[state.checked] ?? "unchecked";
  const wanted = value === "true" ? "checked" : "unchecked";
  return `Clicking ${state.ref} left it ${holds}, not ${wanted} (the page changed or refused it); take a new snapshot before going on.`;
}

function fieldFailure(error, index, fields, filled) {
  const setBefore = filled.map((field) => field.ref).join(", ") || "none";
  const untried = fields.slice(index + 1).map((field) => normalRef(field.ref)).join(", ");
  let told =
    `field ${index + 1} of ${fields.length} (${normalRef(fields[index].ref)}) was not set: ${error.message} ` +
    `Set before it, and kept: ${setBefore}.`;
  if (untried) told += ` Not tried: ${untried}.`;
  return new CommandError(error.code, told, error.field);
}
