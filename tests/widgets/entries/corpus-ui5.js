// SAP's UI5 Web Components (@ui5/webcomponents, the default Horizon theme): the corpus page's elements, defined on
// import. Its fonts come from the installed theming package (shared/ui5-fonts.js), and its dates are formatted from
// CLDR data, which UI5 would fetch from a CDN: English's is bundled here.
import './shared/ui5-fonts.js';
import { registerLocaleDataLoader } from '@ui5/webcomponents-base/dist/asset-registries/LocaleData.js';
import english from '@ui5/webcomponents-localization/dist/generated/assets/cldr/en.json';
import '@ui5/webcomponents/dist/Label.js';
import '@ui5/webcomponents/dist/Input.js';
import '@ui5/webcomponents/dist/TextArea.js';
import '@ui5/webcomponents/dist/Select.js';
import '@ui5/webcomponents/dist/Option.js';
import '@ui5/webcomponents/dist/ComboBox.js';
import '@ui5/webcomponents/dist/ComboBoxItem.js';
import '@ui5/webcomponents/dist/MultiComboBox.js';
import '@ui5/webcomponents/dist/MultiComboBoxItem.js';
import '@ui5/webcomponents/dist/DatePicker.js';
import '@ui5/webcomponents/dist/TimePicker.js';
import '@ui5/webcomponents/dist/CheckBox.js';
import '@ui5/webcomponents/dist/RadioButton.js';
import '@ui5/webcomponents/dist/Switch.js';
import '@ui5/webcomponents/dist/Slider.js';
import '@ui5/webcomponents/dist/RangeSlider.js';
import '@ui5/webcomponents/dist/TabContainer.js';
import '@ui5/webcomponents/dist/Tab.js';
import '@ui5/webcomponents/dist/Button.js';
import '@ui5/webcomponents/dist/Menu.js';
import '@ui5/webcomponents/dist/MenuItem.js';
import '@ui5/webcomponents/dist/Dialog.js';
import '@ui5/webcomponents/dist/Panel.js';
import '@ui5/webcomponents/dist/Toast.js';
import '@ui5/webcomponents/dist/Tree.js';
import '@ui5/webcomponents/dist/TreeItem.js';

registerLocaleDataLoader('en', async () => english);
