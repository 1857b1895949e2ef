// dnd-kit's sortable list with React 18 as one script: window.DndKit = {React, createRoot, core, sortable, utilities}.
// dnd-kit follows pointer events (its PointerSensor), not HTML5 drag and drop.
import React from "react";
import { createRoot } from "react-dom/client";
import * as core from "@dnd-kit/core";
import * as sortable from "@dnd-kit/sortable";
import * as utilities from "@dnd-kit/utilities";

window.DndKit = { React, createRoot, core, sortable, utilities };
