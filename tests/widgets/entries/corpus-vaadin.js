// Vaadin's web components (@vaadin/*, the Lumo theme): the corpus page's elements, defined on import.
import '@vaadin/text-field';
import '@vaadin/text-area';
import '@vaadin/select';
import '@vaadin/combo-box';
import '@vaadin/multi-select-combo-box';
import '@vaadin/date-picker';
import '@vaadin/time-picker';
import '@vaadin/checkbox';
import '@vaadin/radio-group';
import '@vaadin/tabs';
import '@vaadin/menu-bar';
import '@vaadin/dialog';
import '@vaadin/button';
import '@vaadin/details';
import '@vaadin/grid';
