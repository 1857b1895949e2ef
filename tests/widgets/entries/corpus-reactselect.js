// The widget corpus's React Select page (tests/widgets/corpus/reactselect.html): react-select's single, multiple
// and searchable selects in the default style, each labelled, each reporting the value its onChange gave to
// window.__state.
import Select from "react-select";
import { COUNTRIES, ORDER_CONTROLS, SIZES, TOPPINGS, h, option, startCorpus, useModel } from "./shared/react-corpus.js";

const SIZE_OPTIONS = SIZES.map(option);
const TOPPING_OPTIONS = TOPPINGS.map(option);
const COUNTRY_OPTIONS = COUNTRIES.map(option);
const value = (chosen) => (chosen ? chosen.value : null);
const values = (chosen) => chosen.map((each) => each.value);

function Page() {
  const [size, setSize] = useModel("size", null, value);
  const [toppings, setToppings] = useModel("toppings", [], values);
  const [country, setCountry] = useModel("country", null, value);
  const field = (id, label, props) =>
    h("div", { style: { marginBottom: 12 } }, h("label", { htmlFor: id, style: { display: "block", marginBottom: 4 } }, label), h(Select, { id: `${id}-select`, inputId: id, classNamePrefix: "react-select", ...props }));
  return h(
    "form",
    { style: { width: 400, padding: 12, fontFamily: "sans-serif" } },
    field("size", "Size", { options: SIZE_OPTIONS, value: size, onChange: setSize, isSearchable: false }),
    field("toppings", "Toppings", { options: TOPPING_OPTIONS, value: toppings, onChange: setToppings, isMulti: true }),
    field("country", "Country", { options: COUNTRY_OPTIONS, value: country, onChange: setCountry, isClearable: true }),
  );
}

// A select that is not searchable keeps its focusable input out of sight (0.01 px, left of the page): a person
// presses the control drawn around it.
startCorpus(
  {
    library: "React Select",
    package: "react-select",
    controls: [
      { key: "size", kind: "select", role: "combobox", name: "Size", press: "#size-select .react-select__control", options: [{ role: "option", name: "Medium" }] },
      // (React Select's multiple select closes its menu on each choice, by default: a person opens it again)
      { key: "toppings", kind: "multiselect", role: "combobox", name: "Toppings", reopens: true, options: [{ role: "option", name: "Caramel" }, { role: "option", name: "Cherries" }] },
      ORDER_CONTROLS.country,
    ],
  },
  Page,
);
