/*
 * Hermes snapshot engine: the controls that take a value rather than typed text, for browser_type (typing.js).
 * A <select> gets the option its label names (a multiple one, the options its lines name: chooseInSelect); a
 * date, time, datetime-local, month, week, colour or range input gets the value in its own format, checked
 * first, so that a value it cannot hold changes nothing (setControlValue). Either gets the input and change
 * events of a user's edit through the browser's own popup, picker or slider, and reads back through typing.js's
 * typedCheck (chosenCheck for a multiple <select>). A slider the page draws (role slider on an element that is no
 * <input>: Radix's thumb, marimo's) takes a number too, and is moved by its own keys, as a person moves it
 * (sliderStep: which key next, read alike by both lanes). Its own file because it is one job: what the value of
 * such a control may be, and how the browser's own control, or the page's, would set it.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var clean = engine.clean,
    cap = engine.cap,
    quote = engine.quote,
    failure = engine.failure,
    refText = engine.refText,
    VALUE_CAP = engine.VALUE_CAP,
    withDescription = engine.withDescription,
    lookup = engine.lookup,
    nativeValue = engine.nativeValue,
    setNativeValue = engine.setNativeValue,
    focusElement = engine.focusElement;

  var OPTIONS_LISTED = 50;
  // The option whose label is the text (exactly, then ignoring case), whose value is the text, or whose
  // label contains it; -1 for none.
  function optionIndex(select, text) {
    var wanted = clean(text);
    var lower = wanted.toLowerCase();
    var options = select.options;
    var tests = [
      function (option) {
        return clean(option.label) === wanted;
      },
      function (option) {
        return clean(option.label).toLowerCase() === lower;
      },
      function (option) {
        return option.value === text;
      },
      function (option) {
        return !!wanted && clean(option.label).toLowerCase().indexOf(lower) >= 0;
      },
    ];
    for (var t = 0; t < tests.length; t++) {
      for (var i = 0; i < options.length; i++) if (tests[t](options[i])) return i;
    }
    return -1;
  }
  function chosenLabels(select) {
    var labels = [];
    for (var i = 0; i < select.options.length; i++) if (select.options[i].selected) labels.push(clean(select.options[i].label));
    return labels;
  }
  // A multiple <select> holds the labels `wanted` when exactly those options are chosen, whatever order they
  // were named in: {ok, ref, role, name, value: the chosen labels in the document's order}, else type_mismatch
  // listing both as JSON arrays (a label may have spaces in it: JSON shows where each one ends).
  function chosenCheck(select, number, wanted) {
    wanted = wanted.map(clean).filter(Boolean);
    var chosen = chosenLabels(select);
    if (JSON.stringify(wanted.slice().sort()) !== JSON.stringify(chosen.slice().sort())) {
      return failure(
        "type_mismatch",
        "Choosing in " + refText(number) + " did not land exactly: it holds " + labelList(chosen) + ", not " + labelList(wanted) + " (the page changed the choice); take a new snapshot before going on."
      );
    }
    var result = withDescription({ ok: true }, select, number);
    result.value = chosen.map(function (label) {
      return cap(label, VALUE_CAP);
    });
    return result;
  }
  // Labels as a JSON array for a message, capped, with "@" escaped so that no label reads as a ref.
  function labelList(labels) {
    return cap(JSON.stringify(labels).replace(/@/g, "\\u0040"), VALUE_CAP);
  }
  // A single <select> gets the option the text names; a multiple one, the options its lines name (one label
  // per line, in any order, exactly those chosen), and its value reads back as their labels in the document's
  // order (typedCheck).
  function chooseInSelect(select, text, number) {
    var wanted = select.multiple ? text.split("\n").filter(function (line) { return clean(line); }) : [text];
    var indexes = [];
    for (var w = 0; w < wanted.length; w++) {
      var index = optionIndex(select, wanted[w]);
      if (index < 0) {
        var labels = [];
        for (var i = 0; i < select.options.length && i < OPTIONS_LISTED; i++) labels.push(quote(clean(select.options[i].label)));
        return failure("option_not_found", "No option " + quote(wanted[w]) + " in " + refText(number) + "; options are: " + labels.join(", "));
      }
      if (indexes.indexOf(index) < 0) indexes.push(index);
    }
    indexes.sort(function (a, b) {
      return a - b;
    });
    focusElement(select);
    if (select.multiple) for (var j = 0; j < select.options.length; j++) select.options[j].selected = indexes.indexOf(j) >= 0;
    else select.selectedIndex = indexes[0];
    userEdited(select);
    var chosen = indexes.map(function (k) {
      return clean(select.options[k].label);
    });
    return engine.typedCheck(select, number, chosen.join("\n")); // (typing.js, loaded after this file)
  }
  // Inputs whose value is not their text, set by value as a user's edit through the browser's own picker or
  // slider sets them: [the format the value takes, the unit of the input's step, its default step].
  var VALUE_INPUTS = engine.lookupTable({
    date: ["a date as YYYY-MM-DD, such as 2014-05-05", "days", 1],
    time: ["a time as HH:MM on the 24-hour clock, such as 13:45, or on the 12-hour one, such as 1:45 PM", "seconds", 60],
    "datetime-local": ["a date and time as YYYY-MM-DDTHH:MM, such as 2014-05-05T13:45", "seconds", 60],
    month: ["a month as YYYY-MM, such as 2014-05", "months", 1],
    week: ["a week as YYYY-Www, such as 2014-W19", "weeks", 1],
    color: ["a colour as #rrggbb, such as #1e90ff", null, null],
    range: ["a number, such as 50", null, null],
  });
  // HTML's valid colour and floating-point number: the browser reads other text in a colour input as a CSS
  // colour ("red") and in a range input as its default value, where the agent meant something it cannot hold.
  var SIMPLE_COLOUR = /^#[0-9a-f]{6}$/i;
  var FLOAT = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?$/i;
  // An input that takes no typed text: a date, time, datetime-local, month, week, colour or range input is set
  // to the value in its own format, with the input and change events of a user's edit (none when it already
  // holds it), and read back once the page has settled (api.js: typed). The value is checked first, so that a
  // value it cannot hold changes nothing and fires nothing (invalid_value, naming the format). Out of min/max:
  // a range input is clamped, and snapped to its step, as its slider would put it; a date or time input would
  // hold the value but the browser marks it invalid and its form will not submit, and its picker never offers
  // it, so the value is refused (invalid_value, naming the range or the step). Other inputs refuse text.
  function setControlValue(input, text, number) {
    var kind = input.type;
    var format = VALUE_INPUTS[kind];
    if (!format) return failure("not_typable", "Element " + refText(number) + " is a " + (kind || "control") + "; use click instead of type.");
    if (format[1] && input.readOnly) return engine.readOnlyFailure(number);
    var wanted = text.trim();
    var value = controlValue(input, wanted, format);
    if (value.problem) {
      return failure("invalid_value", "Element " + refText(number) + " is a " + kind + " input: " + value.problem + "; nothing was changed.");
    }
    focusElement(input);
    if (nativeValue(input) !== value.value) {
      setNativeValue(input, value.value);
      userEdited(input);
    }
    engine.typedFields(input); // a date or time input's last field has the focus, as after a person's typing
    return { ok: true, check: value.value, readBack: true };
  }
  // {value} the input would hold given `text` (the browser's own reading: "2014-05-05 13:45" is held as
  // "2014-05-05T13:45", a range value snapped and clamped), or {problem}. A detached input of the same type,
  // min, max and step reads it, out of the page's sight.
  function controlValue(input, text, format) {
    var kind = input.type;
    if (kind === "color") return SIMPLE_COLOUR.test(text) ? { value: text.toLowerCase() } : cannotHold(text, format);
    if (kind === "range" && !FLOAT.test(text)) return cannotHold(text, format);
    if (kind === "time") text = onTheDayClock(text);
    var probe = document.createElement("input");
    probe.type = kind;
    ["min", "max", "step"].forEach(function (name) {
      if (input.hasAttribute(name)) probe.setAttribute(name, input.getAttribute(name));
    });
    probe.value = text;
    if (kind === "range" || text === "") return { value: probe.value };
    if (probe.value === "") return cannotHold(text, format);
    if (probe.validity.rangeUnderflow || probe.validity.rangeOverflow) {
      var bounds = [];
      if (input.min) bounds.push("from " + input.min);
      if (input.max) bounds.push("to " + input.max);
      return { problem: quote(text) + " is out of its range: it takes values " + bounds.join(" ") };
    }
    if (probe.validity.stepMismatch) {
      var step = parseFloat(input.getAttribute("step"));
      return {
        problem: quote(text) + " is off its step: it takes values every " + (step > 0 ? step : format[2]) + " " + format[1] + (input.min ? " from " + input.min : ""),
      };
    }
    return { value: probe.value };
  }
  // A time on the 12-hour clock as a person reads it in the field and types it into its segments ("1:45 PM",
  // "0145PM", "1:45:30 pm") on the 24-hour one, which the input's value takes ("13:45"); other text as it is.
  var TWELVE_HOUR = /^(\d{1,2}):?(\d{2})(?::?(\d{2}))?\s*([ap])\.?m\.?$/i;
  function onTheDayClock(text) {
    var parts = TWELVE_HOUR.exec(text);
    var hour = parts ? +parts[1] : 0;
    if (!parts || hour < 1 || hour > 12) return text;
    hour = (hour % 12) + (parts[4].toLowerCase() === "p" ? 12 : 0);
    return (hour < 10 ? "0" : "") + hour + ":" + parts[2] + (parts[3] ? ":" + parts[3] : "");
  }
  function cannotHold(text, format) {
    return { problem: "it cannot hold " + quote(text) + "; it takes " + format[0] };
  }
  // The events of a user's edit of a control's value, as the browser fires them: input (bubbling, composed),
  // then change (bubbling).
  function userEdited(el) {
    el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
  // Whether the input takes a value in its own format rather than typed text.
  function takesValue(input) {
    return !!VALUE_INPUTS[input.type];
  }

  // A slider the page draws: role slider on an element that is no <input> (a range input takes its value itself).
  function drawnSlider(el) {
    return el.localName !== "input" && engine.roleOf(el, el.localName) === "slider";
  }
  // Arrow presses at most to move a drawn slider to the number asked for (Home and End go to its ends at once).
  var SLIDER_KEYS_MAX = 400;
  // sliderStep(ref, text, last) -> {ok, key, value, count} | {ok, value, ref, role, name} | failure: the next key
  // that moves the drawn slider `ref` toward the number `text`, as a person moves it (the lane clicks it first, then
  // presses each key and asks again with `last`, the step it took: {key, value, count}). Home or End for one of its
  // ends, else ArrowRight or ArrowLeft, one at a time, each read back from aria-valuenow (its bounds aria-valuemin
  // and aria-valuemax, 0 and 100 by default): no key once it holds the number; a key that moved it nowhere (an end
  // key the page ignores is followed by arrows), or past the number (its steps miss it), fails with what it holds.
  function sliderStep(ref, text, last) {
    var found = lookup(ref);
    if (!found.ok) return found;
    var el = found.element,
      what = "Element " + refText(found.number);
    var read = function (name, otherwise) {
      var raw = el.getAttribute(name);
      return raw === null || raw.trim() === "" ? otherwise : Number(raw);
    };
    var now = read("aria-valuenow", NaN),
      min = read("aria-valuemin", 0),
      max = read("aria-valuemax", 100);
    if (!isFinite(now) || !isFinite(min) || !isFinite(max)) {
      return failure("not_typable", what + " is a slider that tells no value: click it, then move it with browser_press (ArrowRight, ArrowLeft, PageUp, Home, End), as a person does.");
    }
    var given = String(text).trim(),
      wanted = Number(given);
    if (given === "" || !isFinite(wanted) || wanted < min || wanted > max) {
      return failure("invalid_value", what + " is a slider from " + min + " to " + max + ": give a number in that range, not " + quote(cap(String(text), 40)) + ".");
    }
    if (Math.abs(now - wanted) < 1e-9) return withDescription({ ok: true, value: String(now) }, el, found.number);
    var count = last ? last.count : 0;
    var arrowsFrom = last && (last.key === "Home" || last.key === "End");
    if (last && !arrowsFrom && now === last.value) {
      return failure("type_mismatch", what + " did not move on " + last.key + ": it holds " + now + ", not " + wanted + "; move it with browser_press, as a person does.");
    }
    if (last && (last.value - wanted) * (now - wanted) < 0) {
      return failure("type_mismatch", what + " cannot hold " + wanted + ": " + last.key + " moved it from " + last.value + " to " + now + ", where it is left.");
    }
    if (count >= SLIDER_KEYS_MAX) {
      return failure("type_mismatch", what + " holds " + now + " after " + count + " keys, not " + wanted + "; move it with browser_press.");
    }
    var key = now < wanted ? "ArrowRight" : "ArrowLeft";
    if (!last && (wanted === min || wanted === max)) key = wanted === min ? "Home" : "End";
    return { ok: true, key: key, value: now, count: count + 1 };
  }
  // The extension lane's typing into a drawn slider: clicked as a person does (pressToType: nothing where something
  // covers it), then sliderStep's keys, each pressed (keyboard.js) once the page has drawn what the one before did.
  function moveSlider(ref, found, text) {
    var first = sliderStep(ref, text, null);
    if (!first.ok || !first.key) return Promise.resolve(first);
    function stepFrom(last) {
      var step = sliderStep(ref, text, last);
      if (!step.ok || !step.key) return step;
      return engine.press(step.key).then(function (pressed) {
        return pressed.ok ? engine.frameAndTurn().then(function () {
          return stepFrom(step);
        }) : pressed;
      });
    }
    return engine.pressToType(found.element, found.number).then(function (pressed) {
      return pressed.ok ? engine.frameAndTurn().then(function () {
        return stepFrom(null);
      }) : pressed;
    });
  }

  Object.assign(engine, {
    drawnSlider: drawnSlider,
    sliderStep: sliderStep,
    moveSlider: moveSlider,
    chooseInSelect: chooseInSelect,
    chosenCheck: chosenCheck,
    chosenLabels: chosenLabels,
    setControlValue: setControlValue,
    takesValue: takesValue,
  });
})(globalThis.__hermesEngine);
