// Hermes snapshot engine: the fields of a native date or time input (hours, minutes, AM/PM; month, day, year...),
// for the extension lane's keys and presses. Chromium draws them in the input's own shadow tree, which no script
// reaches: a person's press focuses the field under it (the first when it is on none), a person's typing leaves the
// focus on the last, and there Tab and Shift+Tab move from field to field (and to the picker's icon after the last,
// unless the page hides it) before they leave the input, the arrows move between fields or step one, and Backspace
// or Delete empties one (the input's value is then empty). Synthetic events do none of it, so the engine keeps which
// field has the focus and does what the browser would, with the input and change events a step gives; the cdp
// lane's real keys need none of it. Measured with real input on Chromium 156, in US English (the fields and their
// order are the locale's, as Intl gives them).
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var nativeValue = engine.nativeValue,
    setNativeValue = engine.setNativeValue,
    wordSet = engine.wordSet;

  var IN_FIELDS = wordSet("date time datetime-local month week");
  var PICKER = -1; // the picker's icon, after the last field
  // What each input knows of its fields: {focused: index or PICKER, values: {hour: 7, ...} (a field emptied: null),
  // seen: the value they were read from}.
  var states = new WeakMap();
  function hasFields(el) {
    return !!el && el.localName === "input" && !!IN_FIELDS[el.type];
  }

  // ----- the fields and their text --------------------------------------------------------------------
  // [{field: "hour"|"minute"|"second"|"dayPeriod"|"month"|"day"|"year"|"week"} | {literal: text}], in the order and
  // with the separators the input shows them.
  function layout(input) {
    var locale = navigator.language;
    var sample = new Date(2024, 4, 10, 7, 30, 0);
    var parts = [];
    function add(options) {
      new Intl.DateTimeFormat(locale, options).formatToParts(sample).forEach(function (part) {
        if (part.type === "literal") parts.push({ literal: part.value });
        else if (/^(hour|minute|second|dayPeriod|month|day|year)$/.test(part.type)) parts.push({ field: part.type });
      });
    }
    var type = input.type;
    var seconds = type !== "date" && (parseFloat(input.step) || 60) % 60 !== 0;
    var date = { year: "numeric", month: "2-digit", day: "2-digit" };
    var time = { hour: "2-digit", minute: "2-digit", second: seconds ? "2-digit" : undefined };
    if (type === "date") add(date);
    else if (type === "time") add(time);
    else if (type === "datetime-local") {
      add(date);
      parts.push({ literal: ", " });
      add(time);
    } else if (type === "month") add({ year: "numeric", month: "long" });
    else parts.push({ literal: "Week " }, { field: "week" }, { literal: ", " }, { field: "year" });
    return parts;
  }
  function fieldNames(input) {
    return layout(input)
      .filter(function (part) {
        return part.field;
      })
      .map(function (part) {
        return part.field;
      });
  }
  // The value's parts: {year, month, day, hour (0-23), minute, second, week}; {} for an empty value.
  function parsed(input) {
    var value = nativeValue(input);
    var numbers = (value.match(/\d+/g) || []).map(Number);
    if (!value) return {};
    if (input.type === "time") return { hour: numbers[0], minute: numbers[1], second: numbers[2] || 0 };
    if (input.type === "month") return { year: numbers[0], month: numbers[1] };
    if (input.type === "week") return { year: numbers[0], week: numbers[1] };
    var parts = { year: numbers[0], month: numbers[1], day: numbers[2] };
    if (input.type === "datetime-local") Object.assign(parts, { hour: numbers[3], minute: numbers[4], second: numbers[5] || 0 });
    return parts;
  }
  function stateOf(input) {
    var state = states.get(input);
    var value = nativeValue(input);
    if (!state) state = { focused: 0 };
    if (state.seen !== value) {
      var parts = parsed(input);
      state.values = {};
      var twelve = onTwelveHours(input);
      fieldNames(input).forEach(function (name) {
        var held = name === "dayPeriod" ? (parts.hour >= 12 ? 1 : 0) : name === "hour" && twelve ? parts.hour % 12 || 12 : parts[name];
        state.values[name] = parts.hour === undefined && parts.year === undefined ? null : held;
      });
      state.seen = value;
    }
    states.set(input, state);
    return state;
  }
  // Whether the hours are on the 12-hour clock, with an AM/PM field (the locale's way).
  function onTwelveHours(input) {
    return fieldNames(input).indexOf("dayPeriod") >= 0;
  }
  // The text a field shows, as the input draws it: its placeholder when empty ("--", or a date's "mm", "dd",
  // "yyyy").
  var DATE_PLACEHOLDERS = { month: "mm", day: "dd", year: "yyyy" };
  function shown(input, name, value) {
    if (value === null) return (input.type === "date" || input.type === "datetime-local") && DATE_PLACEHOLDERS[name] ? DATE_PLACEHOLDERS[name] : "--";
    if (name === "dayPeriod") return value ? "PM" : "AM";
    if (name === "month" && input.type === "month") return new Intl.DateTimeFormat(navigator.language, { month: "long" }).format(new Date(2024, value - 1, 1));
    return name === "year" ? String(value) : String(value).padStart(2, "0");
  }

  // ----- a press -----------------------------------------------------------------------------------------
  // The field a press at x lands on: each field is its text and a pixel on either side, after the input's border and
  // padding, the separators between them; a press on none (a separator, the blank past the last, the icon) is on
  // the first, as Chromium's is.
  var canvas = null;
  function fieldAt(input, x) {
    var style = getComputedStyle(input);
    var context = (canvas = canvas || document.createElement("canvas")).getContext("2d");
    context.font = style.font;
    var state = stateOf(input);
    var left = input.getBoundingClientRect().left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    var index = 0;
    var found = 0;
    layout(input).forEach(function (part) {
      if (part.literal !== undefined) {
        left += context.measureText(part.literal).width;
        return;
      }
      var width = context.measureText(shown(input, part.field, state.values[part.field])).width + 2;
      if (x >= left && x < left + width) found = index;
      left += width;
      index += 1;
    });
    return found;
  }
  // After a press that focused such an input: the field under the press has the focus.
  function pressFields(target, x) {
    if (hasFields(target) && engine.focusedElement() === target) stateOf(target).focused = fieldAt(target, x);
  }
  // After browser_type set its value: the last field has the focus, as after a person's typing.
  function typedFields(input) {
    if (hasFields(input)) stateOf(input).focused = fieldNames(input).length - 1;
  }
  // fieldsFocused(ref) -> {ok, focused}: the element is such an input and holds the focus, after browser_type set
  // it, for a lane that moves its focus to the last field with real keys (the cdp lane: its real keys reach the
  // fields, and keep no state here).
  function fieldsFocused(ref) {
    var found = engine.lookup(ref);
    if (!found.ok) return found;
    return { ok: true, focused: hasFields(found.element) && engine.focusedElement() === found.element };
  }
  // After Tab (forward) or Shift+Tab moved the focus into such an input: its first field, or its last stop.
  function enteredFields(input, backward) {
    if (!hasFields(input)) return;
    stateOf(input).focused = backward ? (pickerShown(input) ? PICKER : fieldNames(input).length - 1) : 0;
  }

  // ----- keys --------------------------------------------------------------------------------------------
  // What a key does in such an input, and says what (keyboard.js's words), or undefined where the input does not take
  // it (the key goes on as anywhere else): Tab and Shift+Tab within it, the arrows, Backspace and Delete.
  function fieldKey(input, key, shift) {
    var state = stateOf(input);
    var last = fieldNames(input).length - 1;
    var at = state.focused === PICKER ? last + 1 : Math.min(state.focused, last);
    if (key === "Tab") {
      var stops = last + (pickerShown(input) ? 2 : 1);
      var next = at + (shift ? -1 : 1);
      if (next < 0 || next >= stops) return undefined; // out of the input: Tab's own move
      state.focused = next > last ? PICKER : next;
      return "focus";
    }
    if (at > last) return key === "ArrowUp" || key === "ArrowDown" ? null : undefined; // the icon: nothing to step
    if (key === "ArrowLeft" || key === "ArrowRight") {
      state.focused = Math.max(0, Math.min(last, at + (key === "ArrowRight" ? 1 : -1)));
      return null;
    }
    if (key === "ArrowUp" || key === "ArrowDown") return changed(input, state, at, key === "ArrowUp" ? 1 : -1);
    if (key === "Backspace" || key === "Delete") return changed(input, state, at, 0);
    return undefined;
  }
  // The ranges fields step through (wrapping, but the year); a field emptied steps to its first value up, its
  // last down (the year to this year's).
  var RANGES = { hour: [1, 12], minute: [0, 59], second: [0, 59], dayPeriod: [0, 1], month: [1, 12], day: [1, 31], week: [1, 53], year: [1, 275760] };
  function changed(input, state, at, by) {
    var name = fieldNames(input)[at];
    var range = name === "hour" && !onTwelveHours(input) ? [0, 23] : RANGES[name];
    var value = state.values[name];
    if (by === 0) value = null;
    else if (value === null) value = name === "year" ? new Date().getFullYear() : by > 0 ? range[0] : range[1];
    else if (name === "year") value = Math.max(range[0], Math.min(range[1], value + by));
    else value = ((value - range[0] + by + (range[1] - range[0] + 1)) % (range[1] - range[0] + 1)) + range[0];
    state.values[name] = value;
    var before = nativeValue(input);
    setNativeValue(input, composed(input, state.values));
    state.seen = nativeValue(input);
    if (state.seen === before) return null;
    input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    return by === 0 ? "delete" : "select";
  }
  // The input's value from its fields: empty while any is.
  function composed(input, values) {
    var names = fieldNames(input);
    if (
      names.some(function (name) {
        return values[name] === null;
      })
    ) {
      return "";
    }
    var pad = function (number, length) {
      return String(number).padStart(length, "0");
    };
    var hour = values.dayPeriod === undefined ? values.hour : (values.hour % 12) + (values.dayPeriod ? 12 : 0);
    var time = pad(hour, 2) + ":" + pad(values.minute, 2) + (values.second !== undefined ? ":" + pad(values.second, 2) : "");
    var date = pad(values.year, 4) + "-" + pad(values.month, 2) + "-" + pad(values.day, 2);
    if (input.type === "time") return time;
    if (input.type === "date") return date;
    if (input.type === "month") return pad(values.year, 4) + "-" + pad(values.month, 2);
    if (input.type === "week") return pad(values.year, 4) + "-W" + pad(values.week, 2);
    return date + "T" + time;
  }
  // Whether the picker's icon shows after the fields (a Tab stop): not where the page's own style hides it, as
  // Mantine's does (input::-webkit-calendar-picker-indicator { display: none }).
  function pickerShown(input) {
    var hidden = false;
    function visit(rules) {
      Array.prototype.forEach.call(rules || [], function (rule) {
        if (hidden) return;
        if (rule.cssRules && !rule.selectorText) return visit(rule.cssRules); // @media, @layer, @supports
        var selector = rule.selectorText || "";
        if (selector.indexOf("::-webkit-calendar-picker-indicator") < 0 || rule.style.display !== "none") return;
        hidden = selector.split(",").some(function (one) {
          var owner = one.trim().replace(/::-webkit-calendar-picker-indicator$/, "");
          try {
            return owner !== one.trim() && input.matches(owner || "*");
          } catch (e) {
            return false;
          }
        });
      });
    }
    Array.prototype.forEach.call(document.styleSheets, function (sheet) {
      try {
        visit(sheet.cssRules);
      } catch (e) {
        /* another origin's sheet: not readable */
      }
    });
    return !hidden;
  }

  Object.assign(engine, {
    hasDateFields: hasFields,
    pressFields: pressFields,
    typedFields: typedFields,
    fieldsFocused: fieldsFocused,
    enteredFields: enteredFields,
    fieldKey: fieldKey,
  });
})(globalThis.__hermesEngine);
