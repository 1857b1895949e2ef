/*
 * Hermes snapshot engine: date and time fields drawn in segments, editable spinbuttons in a group (MUI's and React
 * Aria's pickers), for browser_type (typing.js) and the click that aims to type (pointer.js). A person types such a
 * field from the segment they click, and the page moves the focus on from segment to segment as each fills; what
 * went in is read back from the field as the page draws it, by its letters and digits (it draws its own
 * separators). The field is typed into from its first segment when its group is named, from the segment named
 * otherwise (spinbutton "Month"), and then read back from the field around it: MUI draws a segment anew as it
 * fills, so the named element is gone by the check, and what it answered was stale_ref after typing that took.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var clean = engine.clean,
    cap = engine.cap,
    quote = engine.quote,
    failure = engine.failure,
    refText = engine.refText,
    refNumber = engine.refNumber,
    VALUE_CAP = engine.VALUE_CAP,
    tagOf = engine.tagOf,
    roleOf = engine.roleOf,
    hasBox = engine.hasBox,
    withDescription = engine.withDescription;

  // A date or time field drawn in segments, editable spinbuttons in a group (MUI's and React Aria's pickers: group
  // "Start time" of "Hours", "Minutes", "Meridiem"): the field is the group, typed into from its first segment,
  // where a person clicks to type the whole value (the page moves the caret on from segment to segment). While all
  // its segments are chosen, MUI draws the value as plain text in one editable box instead. null for an element
  // that is no such field; else {press: where the click goes, into: what takes the keys (the segment, or the
  // editable box around it), shown: the box whose text is the value}.
  function segmentedField(el) {
    if (tagOf(el) === "input" || roleOf(el, tagOf(el)) !== "group") return null;
    var segments = segmentsOf(el);
    if (segments.length > 1) {
      var first = segments[0],
        into = first,
        shown = first.parentElement;
      while (into !== el && !into.isContentEditable && into.parentElement) into = into.parentElement;
      while (shown && shown !== el && !shown.contains(segments[segments.length - 1])) shown = shown.parentElement;
      return { press: first, into: into === el ? first : into, shown: shown || el };
    }
    var boxes = Array.prototype.filter.call(el.querySelectorAll("[contenteditable]"), function (box) {
      return box.isContentEditable && !(box.parentElement && box.parentElement.isContentEditable) && hasBox(box);
    });
    return boxes.length === 1 && !boxes[0].firstElementChild ? { press: boxes[0], into: boxes[0], shown: boxes[0] } : null;
  }
  function withoutBidiMarks(text) {
    return text.replace(/[\u200e\u200f\u2066-\u2069]/g, "");
  }
  // What the field shows, with the separators between its segments, without bidi marks.
  function segmentsText(el) {
    return clean(withoutBidiMarks(segmentedField(el).shown.textContent));
  }
  // The group's segments: its editable spinbuttons that show.
  function segmentsOf(group) {
    return Array.prototype.filter.call(group.querySelectorAll('[role="spinbutton"]'), function (segment) {
      return tagOf(segment) !== "input" && (segment.isContentEditable || segment.hasAttribute("contenteditable")) && hasBox(segment);
    });
  }
  // A field in segments draws its own separators: what lands is its letters and digits ("10:30 AM" typed as
  // "1030AM").
  // A segment may show its number without the leading zero a person types into it ("05142014" shows as
  // "5/14/2014" in React Aria's date field): compared with each number at two digits too.
  function lettersAndDigits(text) {
    return String(text).replace(/[^0-9A-Za-z]/g, "").toLowerCase();
  }
  function twoDigitNumbers(text) {
    return lettersAndDigits(
      String(text).replace(/\d+/g, function (number) {
        return number.length < 2 ? "0" + number : number;
      })
    );
  }
  function sameSegmentedText(wanted, got) {
    return lettersAndDigits(wanted) === lettersAndDigits(got) || twoDigitNumbers(wanted) === twoDigitNumbers(got);
  }

  // A segment of such a field: {group, index} of the segment among the group's, or null.
  function segmentOf(el) {
    if (roleOf(el, tagOf(el)) !== "spinbutton" || !el.parentElement) return null;
    var group = el.parentElement.closest('[role="group"]');
    if (!group || !segmentedField(group)) return null;
    var index = segmentsOf(group).indexOf(el);
    return index < 0 ? null : { group: group, index: index };
  }
  // The segments typed into, by ref number, from the typing to its check (noteSegment, then segmentTyped).
  var typedSegments = new Map();
  function noteSegment(found) {
    var segment = segmentOf(found.element);
    if (segment) typedSegments.set(found.number, segment);
    else typedSegments.delete(found.number);
    return segment;
  }
  // The check of typing into a segment noted: the field's letters and digits from that segment on begin with the
  // text's (typed into the month, "06152014" fills the day and the year too; into the day, "15" fills the day
  // alone); null when the ref was no segment typed into, or its field is gone too.
  function segmentTyped(ref, text) {
    var number = refNumber(ref);
    var segment = typedSegments.get(number);
    typedSegments.delete(number);
    if (!segment || !segment.group.isConnected || !segmentedField(segment.group)) return null;
    var segments = segmentsOf(segment.group);
    var from = segments.slice(segment.index).map(function (each) {
      return withoutBidiMarks(each.textContent);
    }).join(" ");
    var begins = lettersAndDigits(from).indexOf(lettersAndDigits(text)) === 0 || twoDigitNumbers(from).indexOf(twoDigitNumbers(text)) === 0;
    var shown = segmentsText(segment.group);
    if (!begins) {
      return failure(
        "type_mismatch",
        "Typing into " + refText(number) + " did not land exactly: its field holds " + quote(cap(shown, VALUE_CAP)) + ", not " + quote(cap(text, VALUE_CAP)) + " from that segment on (the page changed or refused some of it); take a new snapshot before going on."
      );
    }
    var result = withDescription({ ok: true }, segments[segment.index] || segment.group, number);
    result.value = cap(shown, VALUE_CAP);
    return result;
  }

  Object.assign(engine, {
    segmentedField: segmentedField,
    segmentsText: segmentsText,
    sameSegmentedText: sameSegmentedText,
    segmentOf: segmentOf,
    noteSegment: noteSegment,
    segmentTyped: segmentTyped,
  });
})(globalThis.__hermesEngine);
