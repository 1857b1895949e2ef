// The English texts of TDesign for Vue 3 (tdesign-vue-next), for the corpus's TDesign page
// (tests/widgets/corpus/tdesign.html). The page loads the library from its prebuilt browser build (dist/), whose
// texts are Chinese and which ships no other locale: this bundles only the package's en_US locale, which the page
// gives to its ConfigProvider (as TDesign's docs do), as window.TDesignEnglish.
import english from "tdesign-vue-next/es/locale/en_US.mjs";

window.TDesignEnglish = english;
