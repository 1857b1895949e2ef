"""Pages with real widget libraries, for the scenarios of issue 21, item 4 (tests/lanes/test_actions_real_widgets.py).

Each page holds widgets built from npm (``tests/widgets/build``; served under ``/widgets/``): React Select, MUI
(Autocomplete, Slider, Checkbox, DatePicker; a Menu, whose open state covers the page with an invisible
backdrop), Quasar on Vue, Flatpickr, a cookie-consent banner (vanilla-cookieconsent) over a sign-up form, a
content editor's sticky footer over its fields, and a download page with an invisible advert over it. Each
reports on itself through the snapshot, so a test reads the same on either lane:

* the title is ``JSON.stringify`` of the page's state: what each widget holds, read from the widget's own
  model (the value a React component was given by its onChange, a Vue model, Flatpickr's selected dates,
  the consent the cookie library recorded), never from its markup;
* ``pressed`` in that state lists every press (pointerdown, mousedown, click) that reached the page, as
  ``type@target``, where the target is the nearest element with an id (or its tag): a press that went to
  something the agent did not name shows there;
* a paragraph says ``Ready`` once the widgets are up (React and Vue render after the page's scripts run);
* a paragraph says ``Crashed: <message>`` when a script threw.

The cookie banner's page also says when its banner has slid into place (``banner``).
"""

from __future__ import annotations

from tests.lanes.action_pages import page, reporting_page
from tests.support.pages import Page

#: What every widget page runs first: how the page reports its state and the presses it saw.
REPORTING = """
const shown = { pressed: [] };
function report(part) { Object.assign(shown, part); document.title = JSON.stringify(shown); }
function ready() { document.getElementById('state').textContent = 'Ready'; }
function crashed(message) { document.getElementById('crash').textContent = 'Crashed: ' + message; }
window.addEventListener('error', (event) => crashed(event.message));
window.addEventListener('unhandledrejection', (event) => crashed(String(event.reason)));
// In the capture phase of the window, so a widget that stops the event's propagation still shows it.
for (const type of ['pointerdown', 'mousedown', 'click']) {
  window.addEventListener(type, (event) => {
    const named = event.target.closest ? event.target.closest('[id]') : null;
    report({ pressed: shown.pressed.concat(type + '@' + (named ? named.id : event.target.localName)) });
  }, true);
}
report({});
"""


def widget_page(title: str, head: str, body: str, script: str) -> str:
    """A widget library's page (``reporting_page``): ``script`` creates the widgets and reports their model on
    every change."""
    return reporting_page("{}", REPORTING, title, head, body, script)


REACT_SELECT = widget_page(
    "Order an ice cream",
    '<script src="/widgets/dist/reactselect.js"></script>',
    '<div id="root" style="width: 400px"></div>',
    """const { React, createRoot, Select } = ReactSelectKit;
const h = React.createElement;
const options = (labels) => labels.map((label) => ({ value: label.toLowerCase(), label }));
const FLAVOURS = options(['Chocolate', 'Strawberry', 'Vanilla', 'Pistachio', 'Mint']);
const TOPPINGS = options(['Sprinkles', 'Hazelnuts', 'Caramel', 'Cherries', 'Marshmallows']);
function Order() {
  const [flavour, setFlavour] = React.useState(null);
  const [toppings, setToppings] = React.useState([]);
  React.useEffect(() => {
    report({ flavour: flavour ? flavour.value : null, toppings: toppings.map((topping) => topping.value) });
  }, [flavour, toppings]);
  React.useEffect(ready, []);
  return h('form', null,
    h('label', { htmlFor: 'flavour' }, 'Flavour'),
    h(Select, { inputId: 'flavour', options: FLAVOURS, value: flavour, onChange: setFlavour }),
    h('label', { htmlFor: 'toppings' }, 'Toppings'),
    h(Select, { inputId: 'toppings', isMulti: true, options: TOPPINGS, value: toppings, onChange: setToppings }));
}
createRoot(document.getElementById('root')).render(h(Order));""",
)

#: The date every date picker opens on (its calendar's month), so that the days a test picks are on the page.
OPENS_ON = "2014-05-01"

MUI = widget_page(
    "Trip",
    '<script src="/widgets/dist/mui.js"></script>',
    '<div id="root" style="width: 500px; padding: 16px"></div>',
    f"""const {{ React, createRoot, Autocomplete, TextField, Slider, Checkbox, FormControlLabel, DatePicker,
  LocalizationProvider, AdapterDayjs, dayjs }} = MUIKit;
const h = React.createElement;
const COUNTRIES = ['Austria', 'Belgium', 'France', 'Germany', 'Italy', 'Portugal', 'Spain'];
function Trip() {{
  const [country, setCountry] = React.useState(null);
  const [seats, setSeats] = React.useState(2);
  const [insured, setInsured] = React.useState(false);
  const [departure, setDeparture] = React.useState(null);
  React.useEffect(() => {{
    const day = departure && departure.isValid() ? departure.format('YYYY-MM-DD') : null;
    report({{ country, seats, insured, departure: day }});
  }}, [country, seats, insured, departure]);
  React.useEffect(ready, []);
  return h(LocalizationProvider, {{ dateAdapter: AdapterDayjs }},
    h(Autocomplete, {{ id: 'country', options: COUNTRIES, value: country, onChange: (event, value) => setCountry(value),
      renderInput: (params) => h(TextField, {{ ...params, label: 'Country' }}) }}),
    h('p', {{ id: 'seats-label' }}, 'Seats'),
    h(Slider, {{ id: 'seats', 'aria-labelledby': 'seats-label', min: 1, max: 9, step: 1, marks: true, value: seats,
      valueLabelDisplay: 'auto', onChange: (event, value) => setSeats(value) }}),
    h(FormControlLabel, {{ id: 'insurance', label: 'Travel insurance',
      control: h(Checkbox, {{ checked: insured, onChange: (event) => setInsured(event.target.checked) }}) }}),
    h('div', {{ style: {{ marginTop: 16 }} }},
      h(DatePicker, {{ label: 'Departure', value: departure, onChange: setDeparture,
        referenceDate: dayjs('{OPENS_ON}') }})));
}}
createRoot(document.getElementById('root')).render(h(Trip));""",
)

#: A toolbar whose "More" menu is MUI's Menu: while it is open, an invisible backdrop over the whole page takes
#: every press outside the menu (and closes the menu), as a user's click there would.
MUI_MENU = widget_page(
    "Document",
    '<script src="/widgets/dist/mui.js"></script>',
    '<div id="root" style="padding: 16px"></div>',
    """const { React, createRoot, Button, Menu, MenuItem } = MUIKit;
const h = React.createElement;
function Toolbar() {
  const [anchor, setAnchor] = React.useState(null);
  const [saves, setSaves] = React.useState(0);
  const [done, setDone] = React.useState(null);
  React.useEffect(() => report({ menu: anchor ? 'open' : 'closed', saves, done }), [anchor, saves, done]);
  React.useEffect(ready, []);
  const choose = (what) => () => { setDone(what); setAnchor(null); };
  return h('div', null,
    h(Button, { id: 'more', variant: 'outlined', onClick: (event) => setAnchor(event.currentTarget) }, 'More'),
    h(Menu, { id: 'more-menu', anchorEl: anchor, open: !!anchor, onClose: () => setAnchor(null) },
      h(MenuItem, { onClick: choose('duplicated') }, 'Duplicate'),
      h(MenuItem, { onClick: choose('archived') }, 'Archive')),
    h('div', { style: { marginTop: 160 } },
      h(Button, { id: 'save', variant: 'contained', onClick: () => setSaves((count) => count + 1) }, 'Save')));
}
createRoot(document.getElementById('root')).render(h(Toolbar));""",
)

QUASAR = widget_page(
    "Preferences",
    # Quasar draws its icons with the Material Icons font: without it, an icon's name shows as text, and the name
    # of the "Previous year" arrow spills over the "Next month" one.
    """<link rel="stylesheet" href="/widgets/node_modules/@quasar/extras/exports/material-icons/material-icons.css">
<link rel="stylesheet" href="/widgets/node_modules/quasar/dist/quasar.prod.css">
<script src="/widgets/node_modules/vue/dist/vue.global.prod.js"></script>
<script src="/widgets/node_modules/quasar/dist/quasar.umd.prod.js"></script>""",
    """<div id="app" style="width: 420px; padding: 16px">
  <q-select v-model="size" :options="sizes" label="Size" filled></q-select>
  <q-select v-model="channels" :options="channelOptions" label="Channels" multiple filled></q-select>
  <q-checkbox v-model="terms" name="terms" label="Accept the terms"></q-checkbox>
  <q-toggle v-model="alerts" name="alerts" label="Alerts"></q-toggle>
  <p id="volume-label">Volume</p>
  <q-slider v-model="volume" :min="0" :max="10" :step="1" aria-labelledby="volume-label"></q-slider>
  <q-date v-model="day" default-year-month="2014/05" minimal></q-date>
</div>""",
    """const app = Vue.createApp({
  setup() {
    const model = {
      size: Vue.ref(null), sizes: ['Small', 'Medium', 'Large'], terms: Vue.ref(false), alerts: Vue.ref(false),
      volume: Vue.ref(3), day: Vue.ref(null), channels: Vue.ref([]), channelOptions: ['Email', 'SMS', 'Push'],
    };
    Vue.watchEffect(() => report({
      size: model.size.value, terms: model.terms.value, alerts: model.alerts.value, volume: model.volume.value,
      day: model.day.value, channels: model.channels.value,
    }));
    // Ready once the icon font is in: until then the arrows' names show as text, wider than their buttons.
    Vue.onMounted(() => document.fonts.ready.then(ready));
    return model;
  },
});
app.use(Quasar);
app.mount('#app');""",
)

FLATPICKR = widget_page(
    "Booking",
    """<link rel="stylesheet" href="/widgets/node_modules/flatpickr/dist/flatpickr.min.css">
<script src="/widgets/node_modules/flatpickr/dist/flatpickr.min.js"></script>""",
    """<label for="arrival">Arrival</label> <input id="arrival" placeholder="Pick a date">
<label for="departure">Departure</label> <input id="departure" placeholder="YYYY-MM-DD">""",
    f"""// What each picker holds: its selected dates, in the picker's own format.
function dates(picker) {{ return picker.selectedDates.map((date) => picker.formatDate(date, 'Y-m-d')); }}
const pickers = {{}};
function changed() {{ report({{ arrival: dates(pickers.arrival), departure: dates(pickers.departure) }}); }}
// Both open on the same month: "now" is the picker's idea of today.
pickers.arrival = flatpickr('#arrival', {{ now: '{OPENS_ON}', onChange: changed }});
pickers.departure = flatpickr('#departure', {{ now: '{OPENS_ON}', allowInput: true, onChange: changed }});
changed();
ready();""",
)


def form_fields(prefix: str) -> str:
    return "\n".join(
        f'<p><label>{label} <input id="{prefix}-{index}" name="{prefix}-{index}"></label></p>'
        for index, label in enumerate(["First name", "Last name", "Company", "Phone"])
    )


#: A sign-up form under a real cookie-consent library's banner (vanilla-cookieconsent, its "bar" layout at the
#: bottom of the window): the e-mail field and the newsletter checkbox start under the banner.
COOKIE_CONSENT = widget_page(
    "Sign up",
    """<link rel="stylesheet" href="/widgets/node_modules/vanilla-cookieconsent/dist/cookieconsent.css">
<script src="/widgets/node_modules/vanilla-cookieconsent/dist/cookieconsent.umd.js"></script>""",
    f"""<form id="signup" style="width: 420px">
{form_fields("signup")}
<div style="height: calc(100vh - 360px)"></div>
<p><label>Email <input id="email" type="email"></label></p>
<p><label><input id="newsletter" type="checkbox"> Send me the newsletter</label></p>
<div style="height: 60vh"></div>
</form>""",
    """const form = document.getElementById('signup');
const email = document.getElementById('email'), newsletter = document.getElementById('newsletter');
function fields() { report({ email: email.value, newsletter: newsletter.checked }); }
form.addEventListener('input', fields);
form.addEventListener('change', fields);
fields();
// Every visit is a first visit: the browser outlives one test, and a consent it kept would hide the banner.
const COOKIE = 'signup_consent';
document.cookie = COOKIE + '=; max-age=0; path=/';
function consent() {
  const given = CookieConsent.validConsent();
  report({ consent: given ? CookieConsent.getUserPreferences().acceptedCategories : null });
}
CookieConsent.run({
  cookie: { name: COOKIE },
  // The library hides its banner from browsers driven by automation (navigator.webdriver), as these are.
  hideFromBots: false,
  guiOptions: { consentModal: { layout: 'bar', position: 'bottom' } },
  categories: { necessary: { enabled: true, readOnly: true }, analytics: {} },
  onConsent: consent,
  onChange: consent,
  language: {
    default: 'en',
    translations: {
      en: {
        consentModal: {
          title: 'We use cookies',
          description: 'Some keep the site working; others tell us how you use it, so that we can make it better.',
          acceptAllBtn: 'Accept all',
          acceptNecessaryBtn: 'Reject all',
          showPreferencesBtn: 'Manage preferences',
        },
        preferencesModal: {
          title: 'Cookie preferences',
          acceptAllBtn: 'Accept all',
          acceptNecessaryBtn: 'Reject all',
          savePreferencesBtn: 'Save preferences',
          sections: [{ title: 'Analytics', linkedCategory: 'analytics' }],
        },
      },
    },
  },
}).then(() => {
  consent();
  // The banner slides up into place after the library has run: the page says when it is there.
  const banner = document.querySelector('#cc-main .cm');
  banner.addEventListener('transitionend', (event) => {
    if (event.target === banner && event.propertyName === 'transform') report({ banner: 'in place' });
  });
  ready();
});""",
)

#: A content editor's page as CMSs lay it out: a sticky header, and a sticky footer with "Save draft" and
#: "Publish" at the bottom of the scrolling pane that holds the fields; the fields at the bottom of the pane
#: start under the footer.
CMS_EDITOR = widget_page(
    "Edit post",
    """<style>
#pane { height: calc(100vh - 40px); overflow: auto; border: 1px solid #ccc }
#pane header { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #ccc; padding: 8px; z-index: 2 }
#pane footer { position: sticky; bottom: 0; background: #f4f4f4; border-top: 1px solid #ccc; padding: 24px 8px;
  z-index: 2 }
#pane .fields { padding: 8px }
</style>""",
    """<div id="pane">
<header>Editing "Spring menu"</header>
<form id="post" class="fields">
<p><label>Title <input id="title" value="Spring menu"></label></p>
<p><label>Body <textarea id="body" rows="6" cols="50">Asparagus season.</textarea></label></p>
<div style="height: calc(100vh - 325px)"></div>
<p><label><input id="comments" type="checkbox"> Allow comments</label></p>
<p><label>Excerpt <input id="excerpt"></label></p>
<p><label>Category <select id="category"><option>News</option><option>Recipes</option></select></label></p>
<div style="height: 50vh"></div>
</form>
<footer>
  <button id="draft" type="button">Save draft</button> <button id="publish" type="button">Publish</button>
</footer>
</div>""",
    """const post = document.getElementById('post');
let drafts = 0, published = false;
function fields() {
  report({
    comments: document.getElementById('comments').checked, excerpt: document.getElementById('excerpt').value,
    category: document.getElementById('category').value, drafts, published,
  });
}
post.addEventListener('input', fields);
post.addEventListener('change', fields);
document.getElementById('draft').addEventListener('click', () => { drafts += 1; fields(); });
document.getElementById('publish').addEventListener('click', () => { published = true; fields(); });
fields();
ready();""",
)

#: A download page as the worst of them are: an advert's link, fully transparent, is laid over the whole window;
#: a press anywhere would open the advert in a new tab.
DOWNLOAD = widget_page(
    "Download",
    "",
    """<p>Free PDF converter, version 2.3</p>
<button id="download" type="button">Download</button>
<a id="advert" href="/advert" target="_blank"
   style="position: fixed; inset: 0; opacity: 0; z-index: 2147483647">Claim your prize</a>""",
    """let downloads = 0;
document.getElementById('download').addEventListener('click', () => { downloads += 1; report({ downloads }); });
report({ downloads });
ready();""",
)

ADVERT = page("Advert", "<h1>You won!</h1>")

WIDGET_PAGES: dict[str, Page] = {
    "/react-select": REACT_SELECT,
    "/mui": MUI,
    "/mui-menu": MUI_MENU,
    "/quasar": QUASAR,
    "/flatpickr": FLATPICKR,
    "/cookie-consent": COOKIE_CONSENT,
    "/cms-editor": CMS_EDITOR,
    "/download": DOWNLOAD,
    "/advert": ADVERT,
}
