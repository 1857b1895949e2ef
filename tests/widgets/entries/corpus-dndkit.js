// The widget corpus's dnd-kit page (tests/widgets/corpus/dndkit.html): a sortable list (@dnd-kit/sortable) as
// dnd-kit's own sortable preset composes it: a DndContext with its pointer and keyboard sensors, closestCenter
// collision, a vertical SortableContext, and arrayMove on drag end. dnd-kit follows pointer events (its
// PointerSensor), not HTML5 drag and drop. The model is the list's order, the React state arrayMove rewrites.
// useSortable makes each item a button (role, tabindex, aria-roledescription "sortable"): that is how Chromium names
// it, by its text.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { h, startCorpus, useModel } from "./shared/react-corpus.js";

const STYLE = `
body { font: 15px system-ui, sans-serif; margin: 12px 24px; max-width: 420px; }
ul { list-style: none; padding: 0; margin: 0 0 16px; border: 1px dashed #aaa; }
li { padding: 8px 12px; margin: 4px; background: #f1f3f5; border: 1px solid #ccc; cursor: grab; touch-action: none; }
`;
document.head.appendChild(Object.assign(document.createElement("style"), { textContent: STYLE }));

function Item({ id }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return h("li", { ref: setNodeRef, style, ...attributes, ...listeners }, id);
}

function Page() {
  const [tasks, setTasks] = useModel("tasks", ["Book the room", "Order lunch", "Write the report", "Send the invites"]);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const moved = ({ active, over }) => {
    if (over && active.id !== over.id) {
      setTasks((now) => arrayMove(now, now.indexOf(active.id), now.indexOf(over.id)));
    }
  };
  return h(
    "div",
    null,
    h("h1", { style: { fontSize: "18px" } }, "dnd-kit"),
    h("h2", { id: "tasks-label", style: { fontSize: "16px" } }, "Tasks"),
    h(
      DndContext,
      { sensors, collisionDetection: closestCenter, onDragEnd: moved },
      h(
        SortableContext,
        { items: tasks, strategy: verticalListSortingStrategy },
        h("ul", { "aria-labelledby": "tasks-label" }, tasks.map((id) => h(Item, { key: id, id }))),
      ),
    ),
  );
}

startCorpus(
  {
    library: "dnd-kit",
    package: "@dnd-kit/sortable",
    controls: [
      {
        key: "tasks",
        kind: "sortable",
        role: "list",
        name: "Tasks",
        drag: { from: { role: "button", name: "Write the report" }, to: { role: "button", name: "Book the room" } },
      },
    ],
  },
  Page,
);
