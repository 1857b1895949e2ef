// The widget corpus's react-datepicker page (tests/widgets/corpus/react-datepicker.html): a date field whose
// calendar opens on a fixed month, and an inline calendar, in the default style, each reporting the date its
// onChange gave (yyyy-MM-dd, by date-fns) to window.__state.
import DatePicker from "react-datepicker";
import { format } from "date-fns";
import { h, startCorpus, useModel } from "./shared/react-corpus.js";

const day = (date) => (date ? format(date, "yyyy-MM-dd") : null);
// Both calendars open on May 2014, whatever today is.
const OPENS_ON = new Date(2014, 4, 1);

function Page() {
  const [arrival, setArrival] = useModel("arrival", null, day);
  const [meeting, setMeeting] = useModel("meeting", null, day);
  return h(
    "form",
    { style: { width: 420, padding: 12, fontFamily: "sans-serif" } },
    h("label", { htmlFor: "arrival", style: { display: "block", marginBottom: 4 } }, "Arrival"),
    h(DatePicker, { id: "arrival", selected: arrival, onChange: setArrival, openToDate: OPENS_ON, dateFormat: "yyyy-MM-dd", placeholderText: "Pick a date" }),
    h("p", { id: "meeting-label", style: { margin: "12px 0 4px" } }, "Meeting"),
    h(DatePicker, { inline: true, selected: meeting, onChange: setMeeting, openToDate: OPENS_ON }),
  );
}

startCorpus(
  {
    library: "react-datepicker",
    package: "react-datepicker",
    controls: [
      { key: "arrival", kind: "date", role: "textbox", name: "Arrival", text: "2014-05-14", cells: [{ role: "gridcell", name: "Choose Wednesday, May 14th, 2014" }] },
      // The inline calendar's month is a table Chromium names nothing (react-datepicker 8 makes its month a
      // rowgroup labelled "Month May, 2014", inside an unnamed table); a person presses its days.
      { key: "meeting", kind: "date", role: "table", name: "", cells: [{ role: "gridcell", name: "Choose Tuesday, May 20th, 2014" }] },
    ],
  },
  Page,
);
